import { randomInt } from 'node:crypto';
import { customerCredentials, emailOtpSettings, mailOutbox } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createMfaServices, type MfaServices } from '../authenticators/mfa-services.ts';
import { MovableClock } from '../authenticators/testing/mfa-test-context.ts';
import { SoftwareAuthenticator } from '../authenticators/testing/software-authenticator.ts';
import { insertTestCustomer } from '../authenticators/testing/test-customer.ts';
import { hashPassword } from '../password-hashing.ts';
import {
  authorizeUrl,
  decodeJwtPayload,
  exchangeCode,
  interactionUid,
  pkce,
  testOrigin,
  TestBrowser,
  webRedirectUri,
  type TokenSet,
} from '../test/oidc-test-client.ts';

const startup = 60_000;
const password = 'correct horse battery staple 7';

let database: TestDatabase;
let app: App | undefined;
let clock: MovableClock;

beforeAll(async () => {
  database = await createTestDatabase();
}, startup);

afterAll(async () => {
  await database?.drop();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function startApp(env: Record<string, string> = {}): Promise<{ app: App; services: MfaServices }> {
  clock = new MovableClock(new Date().toISOString());
  const started = await buildTestApp({
    database: { ...database, close: async () => {} },
    realClock: clock,
    env: { SIGN_IN_RATE_LIMIT_PER_IP: '1000', SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '1000', ...env },
  });
  app = started;
  const services = createMfaServices(started.config, { db: database.db, clock, mailer: started.mailer });
  return { app: started, services };
}

async function newCustomer() {
  const customer = await insertTestCustomer(database.db, `c${randomInt(1_000_000_000)}@example.jp`);
  await database.db
    .insert(customerCredentials)
    .values({ customerId: customer.id, passwordHash: await hashPassword(password) });
  return customer;
}

async function mails(to: string) {
  return database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.sequence));
}

async function mailedCode(to: string): Promise<string> {
  const [mail] = await mails(to);
  const code = /確認コード：(\d{6})/.exec(mail?.textBody ?? '')?.[1];
  if (code === undefined) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A browser at the sign-in page of a fresh authorization request. */
async function openSignIn(target: App) {
  const browser = new TestBrowser(target);
  const verifier = pkce();
  const start = await browser.request('GET', authorizeUrl({ pkce: verifier }));
  const uid = interactionUid(start);
  const page = await browser.request('GET', `/auth/v1/interaction/${uid}`);
  expect(page.statusCode).toBe(200);
  return { browser, uid, verifier, page };
}

async function passwordStep(target: App, accountNumber: string) {
  const opened = await openSignIn(target);
  const posted = await opened.browser.request('POST', `/auth/v1/interaction/${opened.uid}/login`, {
    form: { account_number: accountNumber, password },
  });
  return { ...opened, posted };
}

/** Follows a completed step to the client and exchanges the code. */
async function tokensAfter(
  target: App,
  browser: TestBrowser,
  verifier: ReturnType<typeof pkce>,
  response: Awaited<ReturnType<TestBrowser['request']>>,
): Promise<TokenSet> {
  expect(response.statusCode, response.body.slice(0, 800)).toBe(303);
  const final = await browser.follow(response);
  const code = new URL(String(final.headers.location)).searchParams.get('code');
  expect(code).not.toBeNull();
  const exchanged = await exchangeCode(target, {
    code: code ?? '',
    pkce: verifier,
    redirectUri: webRedirectUri,
  });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  return exchanged.json<TokenSet>();
}

async function totpCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
}

async function enrolTotp(services: MfaServices, customerId: string): Promise<string> {
  const { secret } = await services.totp.beginEnrolment(customerId);
  expect(await services.totp.confirmEnrolment(customerId, await totpCode(secret))).toBe(true);
  clock.advance(30_000);
  return secret;
}

async function enableEmailOtp(customerId: string) {
  await database.db.insert(emailOtpSettings).values({ customerId, enabledAt: new Date() });
}

describe('second factor at sign-in (issue 3 item 4)', { timeout: startup }, () => {
  it('full flow: password → TOTP → tokens, with pwd and otp in amr', async () => {
    const { app: target, services } = await startApp();
    const customer = await newCustomer();
    const secret = await enrolTotp(services, customer.id);

    const step = await passwordStep(target, customer.accountNumber);
    expect(step.posted.statusCode).toBe(200);
    expect(step.posted.body).toContain('2段階認証');
    expect(step.posted.body).toContain('autocomplete="one-time-code"');
    expect(step.posted.body).toContain('inputmode="numeric"');
    expect(step.posted.body).not.toMatch(/style=|<script(?! src="\/auth\/v1\/static\/)/);

    const wrong = await step.browser.request('POST', `/auth/v1/interaction/${step.uid}/second-factor/totp`, {
      form: { code: '000000' === (await totpCode(secret)) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('確認コードが正しくありません。');
    expect(wrong.body).toContain('class="error-summary"');

    const passed = await step.browser.request('POST', `/auth/v1/interaction/${step.uid}/second-factor/totp`, {
      form: { code: await totpCode(secret) },
    });
    const tokens = await tokensAfter(target, step.browser, step.verifier, passed);
    expect(decodeJwtPayload(tokens.access_token)).toMatchObject({ username: customer.accountNumber });
    expect(decodeJwtPayload(tokens.id_token ?? '')['amr']).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('security 15: a TOTP code is not accepted twice in its step, through the sign-in pages', async () => {
    const { app: target, services } = await startApp();
    const customer = await newCustomer();
    const secret = await enrolTotp(services, customer.id);
    const code = await totpCode(secret);

    const first = await passwordStep(target, customer.accountNumber);
    const used = await first.browser.request('POST', `/auth/v1/interaction/${first.uid}/second-factor/totp`, {
      form: { code },
    });
    expect(used.statusCode).toBe(303);

    const second = await passwordStep(target, customer.accountNumber);
    const replayed = await second.browser.request(
      'POST',
      `/auth/v1/interaction/${second.uid}/second-factor/totp`,
      { form: { code } },
    );
    expect(replayed.statusCode).toBe(401);
    expect(replayed.body).toContain('確認コードが正しくありません。');
  });

  it('a customer without any factor signs in with the password alone while the switch is off', async () => {
    const { app: target } = await startApp();
    const customer = await newCustomer();
    const step = await passwordStep(target, customer.accountNumber);
    expect(step.posted.statusCode).toBe(303);
  });

  it('SIGN_IN_SECOND_FACTOR_REQUIRED: a customer without factors gets an emailed code and needs it', async () => {
    const { app: target } = await startApp({ SIGN_IN_SECOND_FACTOR_REQUIRED: 'on' });
    const customer = await newCustomer();
    const step = await passwordStep(target, customer.accountNumber);
    expect(step.posted.statusCode).toBe(200);
    expect(step.posted.body).toContain('確認コードを送信しました');
    const [mail] = await mails(customer.email);
    expect(mail?.kind).toBe('sign-in-code');

    const passed = await step.browser.request(
      'POST',
      `/auth/v1/interaction/${step.uid}/second-factor/email`,
      {
        form: { code: await mailedCode(customer.email) },
      },
    );
    const tokens = await tokensAfter(target, step.browser, step.verifier, passed);
    expect(decodeJwtPayload(tokens.id_token ?? '')['amr']).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('lets the customer choose among enrolled factors', async () => {
    const { app: target, services } = await startApp();
    const customer = await newCustomer();
    await enrolTotp(services, customer.id);
    await enableEmailOtp(customer.id);

    const step = await passwordStep(target, customer.accountNumber);
    expect(step.posted.body).toContain('認証アプリ');
    expect(step.posted.body).toContain('メールで確認コードを受け取る');
    const chosen = await step.browser.request(
      'POST',
      `/auth/v1/interaction/${step.uid}/second-factor/select`,
      {
        form: { method: 'email' },
      },
    );
    expect(chosen.statusCode).toBe(200);
    const passed = await step.browser.request(
      'POST',
      `/auth/v1/interaction/${step.uid}/second-factor/email`,
      {
        form: { code: await mailedCode(customer.email) },
      },
    );
    expect(passed.statusCode).toBe(303);
  });
});

describe('security 15: emailed one-time codes at sign-in', { timeout: startup }, () => {
  it('a code works once', async () => {
    const { app: target } = await startApp();
    const customer = await newCustomer();
    await enableEmailOtp(customer.id);
    const step = await passwordStep(target, customer.accountNumber);
    const code = await mailedCode(customer.email);
    const path = `/auth/v1/interaction/${step.uid}/second-factor/email`;
    expect((await step.browser.request('POST', path, { form: { code } })).statusCode).toBe(303);
    const again = await step.browser.request('POST', path, { form: { code } });
    expect(again.statusCode).toBe(400);
  });

  it('a code lives at most 10 minutes', async () => {
    const { app: target } = await startApp();
    const customer = await newCustomer();
    await enableEmailOtp(customer.id);
    const step = await passwordStep(target, customer.accountNumber);
    const code = await mailedCode(customer.email);
    clock.advance(10 * 60_000 + 1000);
    const late = await step.browser.request('POST', `/auth/v1/interaction/${step.uid}/second-factor/email`, {
      form: { code },
    });
    expect(late.statusCode).toBe(401);
    expect(late.body).toContain('有効期限が切れた');
  });

  it('a code is bound to its sign-in attempt', async () => {
    const { app: target } = await startApp();
    const customer = await newCustomer();
    await enableEmailOtp(customer.id);
    const first = await passwordStep(target, customer.accountNumber);
    const firstCode = await mailedCode(customer.email);
    const second = await passwordStep(target, customer.accountNumber);
    const secondCode = await mailedCode(customer.email);
    expect(secondCode === firstCode).toBe(false);
    const crossed = await second.browser.request(
      'POST',
      `/auth/v1/interaction/${second.uid}/second-factor/email`,
      { form: { code: firstCode } },
    );
    expect(crossed.statusCode).toBe(401);
    // nor can another browser use the first attempt's page (the interaction cookie binds it)
    const stranger = await second.browser.request(
      'POST',
      `/auth/v1/interaction/${first.uid}/second-factor/email`,
      { form: { code: firstCode } },
    );
    expect(stranger.statusCode).toBe(400);
  });

  it('a code is dead after 5 wrong tries; resending is rate-limited (429 + Retry-After)', async () => {
    const { app: target } = await startApp();
    const customer = await newCustomer();
    await enableEmailOtp(customer.id);
    const step = await passwordStep(target, customer.accountNumber);
    const code = await mailedCode(customer.email);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const path = `/auth/v1/interaction/${step.uid}/second-factor/email`;
    for (let index = 0; index < 5; index += 1) {
      expect((await step.browser.request('POST', path, { form: { code: wrongCode } })).statusCode).toBe(401);
    }
    const dead = await step.browser.request('POST', path, { form: { code } });
    expect(dead.statusCode).toBe(401);
    expect(dead.body).toContain('有効期限が切れたか、無効になりました');

    const tooSoon = await step.browser.request('POST', `${path}/resend`);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(61_000);
    const resent = await step.browser.request('POST', `${path}/resend`);
    expect(resent.statusCode).toBe(200);
    const fresh = await mailedCode(customer.email);
    expect((await step.browser.request('POST', path, { form: { code: fresh } })).statusCode).toBe(303);
  });
});

describe('security 19: passkeys at sign-in through the pages', { timeout: startup }, () => {
  async function withPasskey(services: MfaServices) {
    const customer = await newCustomer();
    const authenticator = new SoftwareAuthenticator(testOrigin);
    const options = await services.webauthn.registrationOptions({
      customerId: customer.id,
      attemptId: 'reg',
    });
    const registered = await services.webauthn.verifyRegistration({
      customerId: customer.id,
      attemptId: 'reg',
      response: authenticator.register(options),
    });
    expect(registered.ok).toBe(true);
    return { customer, authenticator };
  }

  async function passkeyOptions(browser: TestBrowser, path: string) {
    const response = await browser.request('POST', path, { headers: { origin: testOrigin } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Parameters<SoftwareAuthenticator['authenticate']>[0]>();
  }

  it('signs in with a passkey alone (「パスキーでログイン」, no account number) and gets tokens', async () => {
    const { app: target, services } = await startApp({ SIGN_IN_SECOND_FACTOR_REQUIRED: 'on' });
    const { customer, authenticator } = await withPasskey(services);
    const { browser, uid, verifier, page } = await openSignIn(target);
    expect(page.body).toContain('パスキーでログイン');
    const script = await browser.request('GET', '/auth/v1/static/passkey.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);

    const options = await passkeyOptions(browser, `/auth/v1/interaction/${uid}/passkey/options`);
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await browser.request('POST', `/auth/v1/interaction/${uid}/passkey`, {
      form: { credential: JSON.stringify(authenticator.authenticate(options)) },
    });
    const tokens = await tokensAfter(target, browser, verifier, signedIn);
    expect(decodeJwtPayload(tokens.access_token)).toMatchObject({ username: customer.accountNumber });
    // a device-bound key (the software authenticator reports no backup eligibility) with verification
    expect(decodeJwtPayload(tokens.id_token ?? '')['amr']).toEqual(['hwk', 'mfa']);
  });

  it('refuses a wrong origin, a replayed challenge and a response without user verification', async () => {
    const { app: target, services } = await startApp();
    const { authenticator } = await withPasskey(services);

    const first = await openSignIn(target);
    const optionsPath = `/auth/v1/interaction/${first.uid}/passkey/options`;
    const signInPath = `/auth/v1/interaction/${first.uid}/passkey`;

    const phished = authenticator.authenticate(await passkeyOptions(first.browser, optionsPath), {
      origin: 'https://fund.example.evil',
    });
    const wrongOrigin = await first.browser.request('POST', signInPath, {
      form: { credential: JSON.stringify(phished) },
    });
    expect(wrongOrigin.statusCode).toBe(401);
    expect(wrongOrigin.body).toContain('パスキーで認証できませんでした');

    const unverified = authenticator.authenticate(await passkeyOptions(first.browser, optionsPath), {
      userVerified: false,
    });
    const noUv = await first.browser.request('POST', signInPath, {
      form: { credential: JSON.stringify(unverified) },
    });
    expect(noUv.statusCode).toBe(401);

    const good = authenticator.authenticate(await passkeyOptions(first.browser, optionsPath));
    expect(
      (await first.browser.request('POST', signInPath, { form: { credential: JSON.stringify(good) } }))
        .statusCode,
    ).toBe(303);

    // the same response again, in a new sign-in attempt: its challenge was consumed
    const second = await openSignIn(target);
    await passkeyOptions(second.browser, `/auth/v1/interaction/${second.uid}/passkey/options`);
    const replayed = await second.browser.request('POST', `/auth/v1/interaction/${second.uid}/passkey`, {
      form: { credential: JSON.stringify(good) },
    });
    expect(replayed.statusCode).toBe(401);
  });

  it('asks for the passkey as second factor after the password, with pwd in amr', async () => {
    const { app: target, services } = await startApp();
    const { customer, authenticator } = await withPasskey(services);
    const step = await passwordStep(target, customer.accountNumber);
    expect(step.posted.statusCode).toBe(200);
    expect(step.posted.body).toContain('パスキーで認証する');
    const options = await passkeyOptions(
      step.browser,
      `/auth/v1/interaction/${step.uid}/second-factor/passkey/options`,
    );
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([
      authenticator.credentialId,
    ]);
    const passed = await step.browser.request(
      'POST',
      `/auth/v1/interaction/${step.uid}/second-factor/passkey`,
      {
        form: { credential: JSON.stringify(authenticator.authenticate(options)) },
      },
    );
    const tokens = await tokensAfter(target, step.browser, step.verifier, passed);
    expect(decodeJwtPayload(tokens.id_token ?? '')['amr']).toEqual(['pwd', 'hwk', 'mfa']);
  });
});
