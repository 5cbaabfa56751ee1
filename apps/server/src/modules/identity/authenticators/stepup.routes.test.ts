import { randomInt } from 'node:crypto';
import { customerCredentials, oidcPayloads } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { hashPassword, verifyPassword } from '../password-hashing.ts';
import {
  exchangeCode,
  signInForCode,
  testOrigin,
  TestBrowser,
  type TokenSet,
} from '../test/oidc-test-client.ts';
import { stepUpTokenKind } from './stepup-token.ts';
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

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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

/** A signed-in customer with a password and one passkey (registered with the password). */
async function customerWithPasskey() {
  const customer = await insertTestCustomer(database.db, `s${randomInt(1_000_000_000)}@example.jp`);
  await database.db
    .insert(customerCredentials)
    .values({ customerId: customer.id, passwordHash: await hashPassword(password) });
  const signedIn = await signInForCode(new TestBrowser(app), {
    accountNumber: customer.accountNumber,
    password,
  });
  const exchanged = await exchangeCode(app, signedIn);
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  const token = exchanged.json<TokenSet>().access_token;

  const authenticator = new SoftwareAuthenticator(testOrigin);
  const setup = await call('POST', '/auth/v1/webauthn/setup', token, { current_password: password });
  expect(setup.statusCode, setup.body).toBe(200);
  const creation = setup.json<{ options: Parameters<SoftwareAuthenticator['register']>[0] }>().options;
  const confirmed = await call('POST', '/auth/v1/webauthn/confirm', token, {
    current_password: password,
    credential: authenticator.register(creation),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(201);
  return { ...customer, token, authenticator };
}

type StepUpOptions = { attemptId: string; options: Parameters<SoftwareAuthenticator['authenticate']>[0] };

async function stepUpOptions(token: string): Promise<StepUpOptions> {
  const answer = await call('POST', '/auth/v1/webauthn/stepup/options', token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<StepUpOptions>();
}

/** A full step-up with the customer's own passkey: the step-up token. */
async function stepUp(customer: Awaited<ReturnType<typeof customerWithPasskey>>): Promise<string> {
  const { attemptId, options } = await stepUpOptions(customer.token);
  const answer = await call('POST', '/auth/v1/webauthn/stepup', customer.token, {
    attemptId,
    credential: customer.authenticator.authenticate(options),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json<{ stepupToken: string; expiresAt: string }>();
  expect(new Date(body.expiresAt).getTime()).toBe(clock.now().getTime() + 5 * 60_000);
  return body.stepupToken;
}

describe('security 18: passkey step-up instead of the current password', { timeout: startup }, () => {
  it('18. a credential change accepts a fresh passkey step-up instead of the password', async () => {
    const customer = await customerWithPasskey();
    const { options } = await stepUpOptions(customer.token);
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials?.map((allowed) => allowed.id)).toEqual([
      customer.authenticator.credentialId,
    ]);

    // /auth/v1 MFA call (current_password → stepup_token)
    const totp = await call('POST', '/auth/v1/mfa/setup', customer.token, {
      stepup_token: await stepUp(customer),
    });
    expect(totp.statusCode, totp.body).toBe(200);

    // account API (currentPassword → stepupToken): the password changes without typing the old one
    const newPassword = 'betsu-no-pasu-99-kotoba';
    const changed = await call('PATCH', '/auth/v1/user/password', customer.token, {
      stepupToken: await stepUp(customer),
      newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const [row] = await database.db
      .select({ passwordHash: customerCredentials.passwordHash })
      .from(customerCredentials)
      .where(eq(customerCredentials.customerId, customer.id));
    expect(await verifyPassword(row?.passwordHash ?? '', newPassword)).toBe(true);

    // only the hash of the token is stored, bound to the customer
    const stored = await database.db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, stepUpTokenKind), eq(oidcPayloads.accountId, customer.id)));
    expect(stored).toHaveLength(2);
    expect(stored.every((entry) => entry.consumedAt !== null)).toBe(true);
  });

  it('18. a step-up token works once and expires after 5 minutes', async () => {
    const customer = await customerWithPasskey();
    const once = await stepUp(customer);
    expect(
      (await call('POST', '/auth/v1/mfa/setup', customer.token, { stepup_token: once })).statusCode,
    ).toBe(200);
    const again = await call('POST', '/auth/v1/mfa/setup', customer.token, { stepup_token: once });
    expect(again.statusCode, again.body).toBe(401);
    expect(again.json()).toMatchObject({
      message:
        'パスキーによる本人確認の有効期限が切れたか、すでに使われています。もう一度本人確認をしてください。',
    });
    const replayedOnAccount = await call('PATCH', '/auth/v1/user/password', customer.token, {
      stepupToken: once,
      newPassword: 'betsu-no-pasu-99-kotoba',
    });
    expect(replayedOnAccount.statusCode, replayedOnAccount.body).toBe(401);

    const late = await stepUp(customer);
    clock.advance(5 * 60_000);
    const expired = await call('POST', '/auth/v1/mfa/setup', customer.token, { stepup_token: late });
    expect(expired.statusCode, expired.body).toBe(401);

    const fresh = await stepUp(customer);
    clock.advance(5 * 60_000 - 1_000);
    const inTime = await call('POST', '/auth/v1/mfa/setup', customer.token, { stepup_token: fresh });
    expect(inTime.statusCode, inTime.body).toBe(200);

    // a token of one customer does not prove another's recent authentication
    const other = await customerWithPasskey();
    const foreign = await call('POST', '/auth/v1/mfa/setup', other.token, {
      stepup_token: await stepUp(customer),
    });
    expect(foreign.statusCode, foreign.body).toBe(401);
  });

  it('a change with neither proof is refused 401; both at once 400', async () => {
    const customer = await customerWithPasskey();
    const mfaNeither = await call('POST', '/auth/v1/mfa/setup', customer.token, {});
    expect(mfaNeither.statusCode, mfaNeither.body).toBe(401);
    const accountNeither = await call('PATCH', '/auth/v1/user/password', customer.token, {
      newPassword: 'betsu-no-pasu-99-kotoba',
    });
    expect(accountNeither.statusCode, accountNeither.body).toBe(401);
    expect(accountNeither.json()).toMatchObject({
      message: '本人確認のため、現在のパスワードを入力するか、パスキーで本人確認をしてください。',
    });
    const emailNeither = await call('POST', '/auth/v1/user/email', customer.token, {
      newEmail: `n${randomInt(1_000_000_000)}@example.jp`,
    });
    expect(emailNeither.statusCode, emailNeither.body).toBe(401);

    const both = await call('POST', '/auth/v1/mfa/setup', customer.token, {
      current_password: password,
      stepup_token: await stepUp(customer),
    });
    expect(both.statusCode, both.body).toBe(400);
    expect(both.body).toContain('どちらか一方だけを指定してください');

    // a step-up does not get around a locked sign-in
    const token = await stepUp(customer);
    await database.db
      .update(customerCredentials)
      .set({ lockedAt: clock.now() })
      .where(eq(customerCredentials.customerId, customer.id));
    const locked = await call('POST', '/auth/v1/mfa/setup', customer.token, { stepup_token: token });
    expect(locked.statusCode, locked.body).toBe(403);
  });
});

describe('security 19: passkey step-up is phishing-resistant and single-use', { timeout: startup }, () => {
  it("19. step-up refuses another customer's passkey, a replayed challenge and a missing user verification", async () => {
    const customer = await customerWithPasskey();
    const other = await customerWithPasskey();
    const refused = async (token: string, body: Record<string, unknown>) => {
      const answer = await call('POST', '/auth/v1/webauthn/stepup', token, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({
        message: 'パスキーで本人確認できませんでした。もう一度お試しください。',
      });
    };

    // another customer's passkey signing this customer's challenge
    const mine = await stepUpOptions(customer.token);
    await refused(customer.token, {
      attemptId: mine.attemptId,
      credential: other.authenticator.authenticate(mine.options),
    });

    // a replayed challenge: the first answer wins, the same assertion again is refused
    const fresh = await stepUpOptions(customer.token);
    const assertion = customer.authenticator.authenticate(fresh.options);
    const first = await call('POST', '/auth/v1/webauthn/stepup', customer.token, {
      attemptId: fresh.attemptId,
      credential: assertion,
    });
    expect(first.statusCode, first.body).toBe(200);
    await refused(customer.token, { attemptId: fresh.attemptId, credential: assertion });
    // … and neither is a challenge of another attempt, nor another customer's attempt
    const later = await stepUpOptions(customer.token);
    await refused(customer.token, {
      attemptId: later.attemptId,
      credential: customer.authenticator.authenticate(later.options, { challenge: fresh.options.challenge }),
    });
    const theirs = await stepUpOptions(other.token);
    await refused(customer.token, {
      attemptId: theirs.attemptId,
      credential: customer.authenticator.authenticate(theirs.options),
    });

    // missing user verification
    const unverified = await stepUpOptions(customer.token);
    await refused(customer.token, {
      attemptId: unverified.attemptId,
      credential: customer.authenticator.authenticate(unverified.options, { userVerified: false }),
    });

    // a phishing origin
    const phished = await stepUpOptions(customer.token);
    await refused(customer.token, {
      attemptId: phished.attemptId,
      credential: customer.authenticator.authenticate(phished.options, { origin: 'https://evil.example' }),
    });
  });

  it('needs a token with user.write; a customer without a passkey gets 404', async () => {
    const options = await app.inject({
      method: 'POST',
      url: '/auth/v1/webauthn/stepup/options',
      headers: { host: 'localhost:3000' },
    });
    expect(options.statusCode).toBe(401);
    const customer = await customerWithPasskey();
    const passkeys = await call('GET', '/auth/v1/webauthn/credentials', customer.token);
    const [passkey] = passkeys.json<{ credentials: { id: string }[] }>().credentials;
    const removed = await call(
      'DELETE',
      `/auth/v1/webauthn/credentials/${passkey?.id ?? ''}`,
      customer.token,
      {
        stepup_token: await stepUp(customer),
      },
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const none = await call('POST', '/auth/v1/webauthn/stepup/options', customer.token);
    expect(none.statusCode, none.body).toBe(404);
  });
});
