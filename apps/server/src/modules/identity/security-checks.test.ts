import { randomUUID } from 'node:crypto';
import { customerCredentials, demoCustomerPassword, mailOutbox, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import type { Clock } from '../../plugins/clock.plugin.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { insertTestCustomer } from './authenticators/testing/test-customer.ts';
import { refreshTokenAbsoluteTtlSeconds } from './oidc-provider.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import {
  authorizeUrl,
  decodeJwtPayload,
  interactionUid,
  exchangeCode,
  refresh,
  signInForCode,
  TestBrowser,
  tokenRequest,
  type TokenSet,
} from './test/oidc-test-client.ts';

/*
 * Behavioural tests for clauses of security.md 4, 6, 9, 12 and 17 that the module's own test files
 * check only through configuration values (or not at all). Time: oidc-provider reads Date.now(), not
 * the app's clock, so these tests move Date itself (vi.useFakeTimers with only Date faked) and give the
 * app a clock that reads Date, so the provider, the adapter's expiry filter and the API's token check
 * all see the same instant.
 */

const startup = 60_000;
const host = 'localhost:3000';
const main = { accountNumber: '1000001', password: demoCustomerPassword };
const followsDate: Clock = { now: () => new Date() };

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    realClock: followsDate,
    env: { SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '1000', SIGN_IN_RATE_LIMIT_PER_IP: '1000' },
  });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Moves Date (and so the provider, the adapter and the app's clock) to `instant`; it then stands still. */
function setNow(instant: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
}

async function signIn(target: App = app, credentials = main): Promise<TokenSet> {
  const signedIn = await signInForCode(new TestBrowser(target), credentials);
  const response = await exchangeCode(target, signedIn);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenSet>();
}

async function profile(accessToken: string, target: App = app) {
  return target.inject({
    method: 'GET',
    url: '/auth/v1/user/profile',
    headers: { host, authorization: `Bearer ${accessToken}` },
  });
}

async function introspect(token: string) {
  return app.inject({
    method: 'POST',
    url: '/oidc/token/introspection',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: 'fund-web', token }).toString(),
  });
}

async function post(
  target: App,
  url: string,
  body: Record<string, unknown>,
  options: { token?: string; method?: 'POST' | 'PATCH'; ip?: string } = {},
) {
  return target.inject({
    method: options.method ?? 'POST',
    url,
    headers: {
      host,
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
    },
    ...(options.ip === undefined ? {} : { remoteAddress: options.ip }),
    payload: body,
  });
}

async function resetCode(email: string): Promise<string> {
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(
      sql`lower(${mailOutbox.toAddress}) = lower(${email}) and ${mailOutbox.kind} = 'password-reset-code'`,
    )
    .orderBy(desc(mailOutbox.sequence))
    .limit(1);
  const code = /確認コード：(\d{6})/.exec(mail?.textBody ?? '')?.[1];
  if (code === undefined) throw new Error(`no reset code mailed to ${email}`);
  return code;
}

async function storedHash(customerId: string): Promise<string> {
  const [row] = await database.db
    .select({ passwordHash: customerCredentials.passwordHash })
    .from(customerCredentials)
    .where(eq(customerCredentials.customerId, customerId));
  if (row === undefined) throw new Error('no credentials');
  return row.passwordHash;
}

async function customerWithPassword(password: string) {
  const customer = await insertTestCustomer(database.db, `sec-${randomUUID().slice(0, 8)}@example.jp`);
  await database.db
    .insert(customerCredentials)
    .values({ customerId: customer.id, passwordHash: await hashPassword(password) });
  return customer;
}

describe('security.md 4: authorization codes', { timeout: startup }, () => {
  it('4. a code still works 55 s after it was issued', async () => {
    const signedIn = await signInForCode(new TestBrowser(app), main);
    setNow(Date.now() + 55_000);
    const exchanged = await exchangeCode(app, signedIn);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
  });

  it('4. a code is refused 61 s after it was issued (codes expire in 60 s)', async () => {
    const signedIn = await signInForCode(new TestBrowser(app), main);
    setNow(Date.now() + 61_000);
    const exchanged = await exchangeCode(app, signedIn);
    expect(exchanged.statusCode).toBe(400);
    expect(exchanged.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('4. a second exchange of a code revokes the refresh token the first issued, even after it rotated', async () => {
    const signedIn = await signInForCode(new TestBrowser(app), main);
    const first = await exchangeCode(app, signedIn);
    expect(first.statusCode).toBe(200);
    const rotated = await refresh(app, first.json<TokenSet>().refresh_token!);
    expect(rotated.statusCode).toBe(200);
    const rt2 = rotated.json<TokenSet>().refresh_token!;

    const second = await exchangeCode(app, signedIn);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ error: 'invalid_grant' });
    const afterReuse = await refresh(app, rt2);
    expect(afterReuse.statusCode).toBe(400);
    expect(afterReuse.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await introspect(rt2)).json()).toEqual({ active: false });
  });
});

describe('security.md 4, 7, 20: ended grants end their access tokens', { timeout: startup }, () => {
  /** Access tokens are checked locally; a live grant is remembered for 5 s (plugins/grant-liveness.ts). */
  const pastLivenessMemory = () => setNow(Date.now() + 6_000);

  it('4. a second exchange of a code revokes the access token the first issued', async () => {
    const signedIn = await signInForCode(new TestBrowser(app), main);
    const first = await exchangeCode(app, signedIn);
    const accessToken = first.json<TokenSet>().access_token;
    expect((await profile(accessToken)).statusCode).toBe(200);
    expect((await exchangeCode(app, signedIn)).statusCode).toBe(400);
    pastLivenessMemory();
    expect((await profile(accessToken)).statusCode).toBe(401);
  });

  it('20. ending a session from the session list ends its access token', async () => {
    const tokens = await signIn();
    const headers = { host, authorization: `Bearer ${tokens.access_token}` };
    const sessions = await app.inject({ method: 'GET', url: '/auth/v1/user/sessions', headers });
    expect(sessions.statusCode).toBe(200);
    const ids = sessions.json<{ sessions: { id: string }[] }>().sessions.map((session) => session.id);
    for (const sessionId of ids) {
      const ended = await app.inject({
        method: 'POST',
        url: '/auth/v1/sessions/revoke',
        headers,
        payload: { sessionId },
      });
      expect(ended.statusCode).toBe(204);
    }
    pastLivenessMemory();
    expect((await profile(tokens.access_token)).statusCode).toBe(401);
  });

  it('7. a global sign-out ends every access token of the customer', async () => {
    const other = await signIn();
    const tokens = await signIn();
    const signOut = await app.inject({
      method: 'POST',
      url: '/auth/v1/sessions/revoke/global',
      headers: { host, authorization: `Bearer ${tokens.access_token}` },
    });
    expect(signOut.statusCode).toBe(204);
    pastLivenessMemory();
    expect((await profile(tokens.access_token)).statusCode).toBe(401);
    expect((await profile(other.access_token)).statusCode).toBe(401);
  });
});

describe('security.md 6: lifetimes', { timeout: startup }, () => {
  it('6. rotation never extends the absolute refresh lifetime: the chain dies 30 days after sign-in however often it rotates', async () => {
    const signedInAt = Date.now();
    const tokens = await signIn();
    let current = tokens.refresh_token!;
    const day = 24 * 60 * 60 * 1000;
    for (const offset of [10 * day, 20 * day, refreshTokenAbsoluteTtlSeconds * 1000 - 60_000]) {
      setNow(signedInAt + offset);
      const rotated = await refresh(app, current);
      expect(rotated.statusCode, `rotation after ${offset} ms: ${rotated.body}`).toBe(200);
      const set = rotated.json<TokenSet>();
      const claims = decodeJwtPayload(set.access_token);
      expect(Number(claims['exp']) - Number(claims['iat'])).toBeLessThanOrEqual(900);
      current = set.refresh_token!;
    }
    expect(refreshTokenAbsoluteTtlSeconds).toBe(30 * 24 * 60 * 60);
    setNow(signedInAt + refreshTokenAbsoluteTtlSeconds * 1000 + 5_000);
    const tooLate = await refresh(app, current);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('6. an access token is refused by the API once its ≤ 15 minute lifetime has passed', async () => {
    const issuedAt = Date.now();
    const tokens = await signIn();
    setNow(issuedAt + 60_000);
    expect((await profile(tokens.access_token)).statusCode).toBe(200);
    setNow(issuedAt + 15 * 60_000 + 5_000);
    const late = await profile(tokens.access_token);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: '401-000' });
  });
});

describe('security.md 9: token endpoint CORS', { timeout: startup }, () => {
  it('9. a code exchange from a foreign origin is refused and not readable there', async () => {
    const signedIn = await signInForCode(new TestBrowser(app), main);
    const foreign = await tokenRequest(
      app,
      {
        grant_type: 'authorization_code',
        code: signedIn.code,
        redirect_uri: signedIn.redirectUri,
        code_verifier: signedIn.pkce.verifier,
        client_id: 'fund-web',
      },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ access_token?: string }>().access_token).toBeUndefined();
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security.md 12: rate limits on the reset endpoints', { timeout: startup }, () => {
  let limited: App | undefined;
  afterEach(async () => {
    await limited?.close();
    limited = undefined;
  });

  it('12. password/confirm (the reset code check) answers 429 with Retry-After per reset attempt', async () => {
    limited = await buildTestApp({
      database: { ...database, close: async () => {} },
      realClock: followsDate,
      env: { SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '3', SIGN_IN_RATE_LIMIT_PER_IP: '1000' },
    });
    const customer = await customerWithPassword('mukashi-no-pasuwado-1');
    const started = await post(limited, '/auth/v1/password/forgot', { login: customer.accountNumber });
    expect(started.statusCode).toBe(202);
    const { resetId } = started.json<{ resetId: string }>();
    const code = await resetCode(customer.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let index = 0; index < 3; index += 1) {
      answers.push(
        await post(limited, '/auth/v1/password/confirm', {
          resetId,
          code: wrong,
          newPassword: 'atarashii-pasuwado-88',
        }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
    const over = await post(limited, '/auth/v1/password/confirm', {
      resetId,
      code,
      newPassword: 'atarashii-pasuwado-88',
    });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ code: '429-000' });
    expect(await verifyPassword(await storedHash(customer.id), 'atarashii-pasuwado-88')).toBe(false);
  });

  it('12. password/forgot and password/confirm answer 429 with Retry-After per IP across accounts', async () => {
    limited = await buildTestApp({
      database: { ...database, close: async () => {} },
      realClock: followsDate,
      env: { SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '1000', SIGN_IN_RATE_LIMIT_PER_IP: '2' },
    });
    const ip = '203.0.113.7';
    const forgot = [];
    for (const login of ['1000002', '1000003', '1000004'])
      forgot.push(await post(limited, '/auth/v1/password/forgot', { login }, { ip }));
    expect(forgot.map((answer) => answer.statusCode)).toEqual([202, 202, 429]);
    expect(Number(forgot[2]!.headers['retry-after'])).toBeGreaterThan(0);
    // another IP is not affected
    expect((await post(limited, '/auth/v1/password/forgot', { login: '1000005' })).statusCode).toBe(202);

    const confirm = [];
    for (let index = 0; index < 3; index += 1)
      confirm.push(
        await post(
          limited,
          '/auth/v1/password/confirm',
          { resetId: randomUUID(), code: '123456', newPassword: 'atarashii-pasuwado-88' },
          { ip },
        ),
      );
    expect(confirm[2]!.statusCode).toBe(429);
    expect(Number(confirm[2]!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('security.md 17: passwords as the API stores them', { timeout: startup }, () => {
  const argon2idPrefix = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/;

  function expectStrongArgon2id(hash: string): void {
    const match = argon2idPrefix.exec(hash);
    expect(match, hash.slice(0, 40)).not.toBeNull();
    const [, memory, time, parallelism] = match!.map(Number);
    expect(memory).toBeGreaterThanOrEqual(19456);
    expect(time).toBeGreaterThanOrEqual(2);
    expect(parallelism).toBeGreaterThanOrEqual(1);
  }

  it('17. a 64-character password set by reset is stored as argon2id (m ≥ 19456, t ≥ 2) and signs in', async () => {
    const customer = await customerWithPassword('mukashi-no-pasuwado-2');
    const { resetId } = (
      await post(app, '/auth/v1/password/forgot', { login: customer.accountNumber })
    ).json<{ resetId: string }>();
    const code = await resetCode(customer.email);
    const long = 'とても長い合言葉-'.repeat(8).slice(0, 64);
    expect([...long].length).toBe(64);
    const reset = await post(app, '/auth/v1/password/confirm', { resetId, code, newPassword: long });
    expect(reset.statusCode, reset.body).toBe(204);
    const hash = await storedHash(customer.id);
    expectStrongArgon2id(hash);
    expect(hash).not.toContain(long);
    expect(await signIn(app, { accountNumber: customer.accountNumber, password: long })).toBeDefined();
  });

  it('17. a password changed through user/password (no composition rules, 100 characters) is stored as argon2id', async () => {
    const customer = await customerWithPassword('mukashi-no-pasuwado-3');
    const tokens = await signIn(app, {
      accountNumber: customer.accountNumber,
      password: 'mukashi-no-pasuwado-3',
    });
    const newPassword = 'lowercase passphrase '.repeat(5).slice(0, 100);
    expect(newPassword.length).toBe(100);
    const changed = await post(
      app,
      '/auth/v1/user/password',
      { currentPassword: 'mukashi-no-pasuwado-3', newPassword },
      { token: tokens.access_token, method: 'PATCH' },
    );
    expect(changed.statusCode, changed.body).toBe(204);
    expectStrongArgon2id(await storedHash(customer.id));
    expect(await signIn(app, { accountNumber: customer.accountNumber, password: newPassword })).toBeDefined();
  });
});

describe('security.md 13: automatic lock', { timeout: startup }, () => {
  let locking: App | undefined;
  afterEach(async () => {
    await locking?.close();
    locking = undefined;
  });

  async function startLocking(): Promise<App> {
    locking = await buildTestApp({
      database: { ...database, close: async () => {} },
      realClock: followsDate,
      env: {
        SIGN_IN_LOCK_THRESHOLD: '3',
        SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '1000',
        SIGN_IN_RATE_LIMIT_PER_IP: '1000',
      },
    });
    return locking;
  }

  async function attempt(target: App, accountNumber: string, password: string) {
    const browser = new TestBrowser(target);
    const uid = interactionUid(await browser.request('GET', authorizeUrl()));
    return browser.request('POST', `/auth/v1/interaction/${uid}/login`, {
      form: { account_number: accountNumber, password },
    });
  }

  async function lockMails(email: string): Promise<number> {
    const rows = await database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.toAddress}) = lower(${email}) and ${mailOutbox.kind} = 'account-locked'`);
    return rows.length;
  }

  it('13. the lock does not lapse with time: a week later the right password is still refused, until unlock', async () => {
    const target = await startLocking();
    const password = 'tadashii-pasuwado-13';
    const customer = await customerWithPassword(password);
    for (let index = 0; index < 3; index += 1) {
      expect((await attempt(target, customer.accountNumber, `wrong-${index}`)).statusCode).toBe(401);
    }
    expect(await lockMails(customer.email)).toBe(1);
    setNow(Date.now() + 7 * 24 * 60 * 60 * 1000);
    const weekLater = await attempt(target, customer.accountNumber, password);
    expect(weekLater.statusCode).toBe(403);
    expect(weekLater.body).toContain('アカウントがロックされています');
    vi.useRealTimers();

    // support's unlock (clearing the lock and the count) lets the right password in again
    await database.db
      .update(customerCredentials)
      .set({ lockedAt: null, consecutiveFailures: 0 })
      .where(eq(customerCredentials.customerId, customer.id));
    expect(await signIn(target, { accountNumber: customer.accountNumber, password })).toBeDefined();
  });

  it.skipIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '')(
    '13. concurrent wrong passwords lock the account and notify the customer exactly once (PostgreSQL only)',
    async () => {
      const target = await startLocking();
      const password = 'tadashii-pasuwado-14';
      const customer = await customerWithPassword(password);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) => attempt(target, customer.accountNumber, `wrong-${index}`)),
      );
      expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
      expect(await lockMails(customer.email)).toBe(1);
      const right = await attempt(target, customer.accountNumber, password);
      expect(right.statusCode).toBe(403);
    },
  );
});
