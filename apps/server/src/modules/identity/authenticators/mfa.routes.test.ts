import { randomInt } from 'node:crypto';
import { customerCredentials, emailOtpSettings, mailOutbox } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { hashPassword } from '../password-hashing.ts';
import {
  authorizeUrl,
  exchangeCode,
  interactionUid,
  signInForCode,
  testOrigin,
  TestBrowser,
  type TokenSet,
} from '../test/oidc-test-client.ts';
import { MovableClock } from './testing/mfa-test-context.ts';
import { SoftwareAuthenticator } from './testing/software-authenticator.ts';
import { insertTestCustomer } from './testing/test-customer.ts';

const startup = 60_000;
const password = 'correct horse battery staple 7';

let database: TestDatabase;
let app: App;
let clock: MovableClock;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = new MovableClock(new Date().toISOString());
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    realClock: clock,
    env: { SIGN_IN_RATE_LIMIT_PER_IP: '1000', SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '1000' },
  });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** A customer with a password, signed in with it (no factor yet), and their access token. */
async function signedInCustomer() {
  const customer = await insertTestCustomer(database.db, `m${randomInt(1_000_000_000)}@example.jp`);
  await database.db
    .insert(customerCredentials)
    .values({ customerId: customer.id, passwordHash: await hashPassword(password) });
  const signedIn = await signInForCode(new TestBrowser(app), {
    accountNumber: customer.accountNumber,
    password,
  });
  const exchanged = await exchangeCode(app, signedIn);
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  return { ...customer, token: exchanged.json<TokenSet>().access_token };
}

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string,
  body?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: { host: 'localhost:3000', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body }),
  });
}

async function mailKinds(to: string): Promise<string[]> {
  const rows = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.sequence));
  return rows.map((row) => row.kind);
}

async function lastCode(to: string): Promise<string> {
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.sequence))
    .limit(1);
  const code = /確認コード：(\d{6})/.exec(mail?.textBody ?? '')?.[1];
  if (code === undefined) throw new Error(`no code mailed to ${to}`);
  return code;
}

async function totpCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
}

/** Without, and with a wrong, current password: 401 and a Japanese message; nothing changes. */
async function expectRecentAuthentication(
  method: 'POST' | 'DELETE',
  url: string,
  token: string,
  body: Record<string, unknown> = {},
) {
  const missing = await call(method, url, token, body);
  expect(missing.statusCode, missing.body).toBe(401);
  expect(missing.json()).toMatchObject({ message: '本人確認のため、現在のパスワードを入力してください。' });
  const wrong = await call(method, url, token, { ...body, current_password: 'not my password' });
  expect(wrong.statusCode, wrong.body).toBe(401);
  expect(wrong.json()).toMatchObject({ message: '現在のパスワードが正しくありません。' });
}

describe(
  'security 18: second-factor changes need recent authentication and are notified',
  { timeout: startup },
  () => {
    it('TOTP: mfa/setup and mfa/confirm refuse without or with a wrong current password; with it the first code activates once', async () => {
      const customer = await signedInCustomer();
      await expectRecentAuthentication('POST', '/auth/v1/mfa/setup', customer.token);
      const setup = await call('POST', '/auth/v1/mfa/setup', customer.token, { current_password: password });
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret, otpauthUri } = setup.json<{ secret: string; otpauthUri: string }>();
      expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);

      const code = await totpCode(secret);
      await expectRecentAuthentication('POST', '/auth/v1/mfa/confirm', customer.token, { code });
      const confirmed = await call('POST', '/auth/v1/mfa/confirm', customer.token, {
        current_password: password,
        code,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await mailKinds(customer.email)).toContain('credential-changed');

      // replay-safe: the code that activated the TOTP does not pass the sign-in step afterwards
      const browser = new TestBrowser(app);
      const uid = interactionUid(await browser.request('GET', authorizeUrl()));
      const step = await browser.request('POST', `/auth/v1/interaction/${uid}/login`, {
        form: { account_number: customer.accountNumber, password },
      });
      expect(step.statusCode).toBe(200);
      const replayed = await browser.request('POST', `/auth/v1/interaction/${uid}/second-factor/totp`, {
        form: { code },
      });
      expect(replayed.statusCode).toBe(401);
      clock.advance(30_000);
      const next = await browser.request('POST', `/auth/v1/interaction/${uid}/second-factor/totp`, {
        form: { code: await totpCode(secret) },
      });
      expect(next.statusCode).toBe(303);
    });

    it('emailed codes: otpEmail/setup mails a code, otpEmail/confirm turns the factor on and notifies', async () => {
      const customer = await signedInCustomer();
      await expectRecentAuthentication('POST', '/auth/v1/otpEmail/setup', customer.token);
      const setup = await call('POST', '/auth/v1/otpEmail/setup', customer.token, {
        current_password: password,
      });
      expect(setup.statusCode, setup.body).toBe(200);
      expect((await mailKinds(customer.email))[0]).toBe('mfa-setup-code');
      const code = await lastCode(customer.email);

      await expectRecentAuthentication('POST', '/auth/v1/otpEmail/confirm', customer.token, { code });
      const wrong = await call('POST', '/auth/v1/otpEmail/confirm', customer.token, {
        current_password: password,
        code: code === '123456' ? '654321' : '123456',
      });
      expect(wrong.statusCode).toBe(400);
      const confirmed = await call('POST', '/auth/v1/otpEmail/confirm', customer.token, {
        current_password: password,
        code,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await mailKinds(customer.email))[0]).toBe('credential-changed');
      const rows = await database.db
        .select()
        .from(emailOtpSettings)
        .where(eq(emailOtpSettings.customerId, customer.id));
      expect(rows).toHaveLength(1);
    });

    it('passkeys: webauthn setup, confirm, list and delete; each change needs the current password and is mailed', async () => {
      const customer = await signedInCustomer();
      const authenticator = new SoftwareAuthenticator(testOrigin);
      await expectRecentAuthentication('POST', '/auth/v1/webauthn/setup', customer.token);
      const setup = await call('POST', '/auth/v1/webauthn/setup', customer.token, {
        current_password: password,
      });
      expect(setup.statusCode, setup.body).toBe(200);
      const options = setup.json<{ options: Parameters<SoftwareAuthenticator['register']>[0] }>().options;
      expect(options.authenticatorSelection?.userVerification).toBe('required');
      const credential = authenticator.register(options);

      await expectRecentAuthentication('POST', '/auth/v1/webauthn/confirm', customer.token, { credential });
      const confirmed = await call('POST', '/auth/v1/webauthn/confirm', customer.token, {
        current_password: password,
        credential,
        name: '私のスマートフォン',
      });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect((await mailKinds(customer.email))[0]).toBe('credential-changed');

      const listed = await call('GET', '/auth/v1/webauthn/credentials', customer.token);
      expect(listed.statusCode).toBe(200);
      const [passkey] = listed.json<{ credentials: { id: string; name: string }[] }>().credentials;
      expect(passkey?.name).toBe('私のスマートフォン');

      const path = `/auth/v1/webauthn/credentials/${passkey?.id ?? ''}`;
      await expectRecentAuthentication('DELETE', path, customer.token);
      const removed = await call('DELETE', path, customer.token, { current_password: password });
      expect(removed.statusCode, removed.body).toBe(204);
      expect(await mailKinds(customer.email)).toEqual([
        'credential-changed',
        'credential-changed',
        'sign-in-notification',
      ]);
      const empty = await call('GET', '/auth/v1/webauthn/credentials', customer.token);
      expect(empty.json()).toEqual({ credentials: [] });
    });

    it('wrong current passwords count toward the sign-in lock; a locked sign-in is refused with 403', async () => {
      const customer = await signedInCustomer();
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        const response = await call('POST', '/auth/v1/mfa/setup', customer.token, {
          current_password: 'wrong',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 403]);
      const locked = await call('POST', '/auth/v1/mfa/setup', customer.token, { current_password: password });
      expect(locked.statusCode).toBe(403);
      expect(locked.json()).toMatchObject({ code: expect.stringMatching(/^403-/) });
    });

    it('needs a token with user.write', async () => {
      const anonymous = await app.inject({
        method: 'POST',
        url: '/auth/v1/mfa/setup',
        headers: { host: 'localhost:3000' },
        payload: { current_password: password },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  },
);

describe('security 12: code checks of the MFA API are rate-limited', { timeout: startup }, () => {
  it('answers 429 with Retry-After after too many confirmations', async () => {
    const customer = await signedInCustomer();
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let index = 0; index < 11; index += 1) {
      const response = await call('POST', '/auth/v1/otpEmail/confirm', customer.token, {
        current_password: password,
        code: '000000',
      });
      statuses.push(response.statusCode);
      retryAfter = response.headers['retry-after'];
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
