import { randomUUID } from 'node:crypto';
import {
  customerCredentials,
  customers,
  demoCustomers,
  mailOutbox,
  seedDemoData,
  totpCredentials,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import type { Clock } from '../../../plugins/clock.plugin.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { insertTestCustomer } from '../authenticators/testing/test-customer.ts';
import { hashPassword, verifyPassword } from '../password-hashing.ts';
import {
  authorizeUrl,
  exchangeCode,
  interactionUid,
  refresh,
  signInForCode,
  TestBrowser,
  type TokenSet,
} from '../test/oidc-test-client.ts';

const startup = 60_000;
const host = 'localhost:3000';

let database: TestDatabase;
let app: App | undefined;
/** Shifts the app's clock (code expiry) without touching the provider's. */
let clockOffsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + clockOffsetMs) };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
}, startup);

afterAll(async () => {
  await database?.drop();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
  clockOffsetMs = 0;
});

async function startApp(env: Record<string, string> = {}): Promise<App> {
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env, realClock: clock });
  return app;
}

async function post(
  target: App,
  url: string,
  body: unknown,
  token?: string,
  method: 'POST' | 'PATCH' = 'POST',
) {
  return target.inject({
    method,
    url,
    headers: { host, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    payload: body as Record<string, unknown>,
  });
}

async function get(target: App, url: string, token: string) {
  return target.inject({ method: 'GET', url, headers: { host, authorization: `Bearer ${token}` } });
}

/** The newest mail to `to` (of `kind` when given). */
async function lastMail(to: string, kind?: string) {
  const [row] = await database.db
    .select()
    .from(mailOutbox)
    .where(
      kind === undefined
        ? sql`lower(${mailOutbox.toAddress}) = lower(${to})`
        : sql`lower(${mailOutbox.toAddress}) = lower(${to}) and ${mailOutbox.kind} = ${kind}`,
    )
    .orderBy(desc(mailOutbox.sequence))
    .limit(1);
  return row;
}

async function mailCount(to: string, kind: string): Promise<number> {
  const rows = await database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = lower(${to}) and ${mailOutbox.kind} = ${kind}`);
  return rows.length;
}

async function codeFromMail(to: string, kind: string): Promise<string> {
  const mail = await lastMail(to, kind);
  const code = /確認コード：(\d{6})/.exec(mail?.textBody ?? '')?.[1];
  if (code === undefined) throw new Error(`no ${kind} code mailed to ${to}`);
  return code;
}

function uniqueEmail(): string {
  return `new-${randomUUID().slice(0, 8)}@example.jp`;
}

const strongPassword = 'kumo-no-ue-no-sora-42';

function registration(email: string, password = strongPassword) {
  return {
    email,
    password,
    lastName: '山田',
    firstName: '花子',
    lastNameKana: 'ヤマダ',
    firstNameKana: 'ハナコ',
    birthDate: '1990-04-01',
  };
}

/** A customer of its own with a password, so tests can change credentials freely. */
async function customerWithPassword(password = strongPassword) {
  const customer = await insertTestCustomer(database.db, uniqueEmail());
  await database.db
    .insert(customerCredentials)
    .values({ customerId: customer.id, passwordHash: await hashPassword(password) });
  return customer;
}

async function signIn(target: App, accountNumber: string, password: string): Promise<TokenSet> {
  const browser = new TestBrowser(target);
  const signedIn = await signInForCode(browser, { accountNumber, password });
  const response = await exchangeCode(target, signedIn);
  expect(response.statusCode).toBe(200);
  return response.json<TokenSet>();
}

function sameShape(a: LightMyRequestResponse, b: LightMyRequestResponse): void {
  expect(a.statusCode).toBe(b.statusCode);
  expect(Object.keys(a.json<object>()).sort()).toEqual(Object.keys(b.json<object>()).sort());
}

describe('identity credential calls (security.md 12, 14, 16–18, 20)', { timeout: startup }, () => {
  it('GET /auth/v1/health answers ok', async () => {
    const target = await startApp();
    const response = await target.inject({ method: 'GET', url: '/auth/v1/health', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('14: register, register/checkEmail and password/forgot answer identically for known and unknown users', async () => {
    const target = await startApp();
    const known = demoCustomers[0]!;
    const unknownEmail = uniqueEmail();

    const forKnown = await post(target, '/auth/v1/register', registration(known.email));
    const forUnknown = await post(target, '/auth/v1/register', registration(unknownEmail));
    expect(forKnown.statusCode).toBe(202);
    sameShape(forKnown, forUnknown);
    // the owner of the registered address is told, the new address gets a code
    expect((await lastMail(known.email))?.kind).toBe('sign-up-existing-address');
    expect((await lastMail(unknownEmail))?.kind).toBe('sign-up-code');
    // a registration of a registered address can never be confirmed
    const confirmKnown = await post(target, '/auth/v1/register/confirm', {
      registrationId: forKnown.json<{ registrationId: string }>().registrationId,
      code: '000000',
    });
    expect(confirmKnown.statusCode).toBe(400);

    const checkKnown = await post(target, '/auth/v1/register/checkEmail', { email: known.email });
    const checkUnknown = await post(target, '/auth/v1/register/checkEmail', { email: uniqueEmail() });
    expect(checkKnown.json()).toEqual(checkUnknown.json());
    expect(checkKnown.json()).toEqual({ acceptable: true });

    const forgotKnown = await post(target, '/auth/v1/password/forgot', { login: '1000002' });
    const forgotUnknown = await post(target, '/auth/v1/password/forgot', { login: '9999998' });
    const forgotUnknownEmail = await post(target, '/auth/v1/password/forgot', { login: uniqueEmail() });
    expect(forgotKnown.statusCode).toBe(202);
    sameShape(forgotKnown, forgotUnknown);
    sameShape(forgotKnown, forgotUnknownEmail);
  });

  it('16: a reset code works once and expires; the reset keeps the second factor and the lock, clears the failure count', async () => {
    const target = await startApp();
    const customer = await customerWithPassword();
    // a TOTP enrolment and a lock by support must survive the reset
    await database.db.insert(totpCredentials).values({
      customerId: customer.id,
      secretCiphertext: 'enrolled-secret',
      confirmedAt: new Date(),
    });
    await database.db
      .update(customerCredentials)
      .set({ consecutiveFailures: 3 })
      .where(eq(customerCredentials.customerId, customer.id));

    const started = await post(target, '/auth/v1/password/forgot', { login: customer.accountNumber });
    const { resetId } = started.json<{ resetId: string }>();
    const code = await codeFromMail(customer.email, 'password-reset-code');
    const newPassword = 'atarashii-pasuwado-77';
    const first = await post(target, '/auth/v1/password/confirm', { resetId, code, newPassword });
    expect(first.statusCode).toBe(204);
    const again = await post(target, '/auth/v1/password/confirm', {
      resetId,
      code,
      newPassword: 'mata-betsu-no-78',
    });
    expect(again.statusCode).toBe(400);

    const [credentials] = await database.db
      .select()
      .from(customerCredentials)
      .where(eq(customerCredentials.customerId, customer.id));
    expect(await verifyPassword(credentials!.passwordHash, newPassword)).toBe(true);
    expect(credentials!.consecutiveFailures).toBe(0);
    // Reset does not bypass MFA: the enrolled second factor is untouched, so the sign-in steps (A's
    // second-factor step after the password) still ask for it at the next sign-in.
    const [totp] = await database.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.customerId, customer.id));
    expect(totp?.confirmedAt).not.toBeNull();
    expect((await lastMail(customer.email))?.kind).toBe('credential-changed');
    // and the next sign-in with the new password stops at the second factor instead of completing
    const browser = new TestBrowser(target);
    const uid = interactionUid(await browser.request('GET', authorizeUrl()));
    const afterReset = await browser.request('POST', `/auth/v1/interaction/${uid}/login`, {
      form: { account_number: customer.accountNumber, password: newPassword },
    });
    expect(afterReset.statusCode).toBe(200);
    expect(afterReset.body).toContain('second-factor');
    expect(afterReset.headers.location).toBeUndefined();

    // a lock set by support stays after a reset
    await database.db
      .update(customerCredentials)
      .set({ lockedAt: new Date() })
      .where(eq(customerCredentials.customerId, customer.id));
    const resetId2 = (
      await post(target, '/auth/v1/password/forgot', { login: customer.accountNumber })
    ).json<{
      resetId: string;
    }>().resetId;
    const code2 = await codeFromMail(customer.email, 'password-reset-code');
    expect(
      (await post(target, '/auth/v1/password/confirm', { resetId: resetId2, code: code2, newPassword }))
        .statusCode,
    ).toBe(204);
    const [locked] = await database.db
      .select({ lockedAt: customerCredentials.lockedAt })
      .from(customerCredentials)
      .where(eq(customerCredentials.customerId, customer.id));
    expect(locked?.lockedAt).not.toBeNull();

    // expiry: ten minutes and one second later the code no longer works
    const resetId3 = (
      await post(target, '/auth/v1/password/forgot', { login: customer.accountNumber })
    ).json<{
      resetId: string;
    }>().resetId;
    const code3 = await codeFromMail(customer.email, 'password-reset-code');
    clockOffsetMs = 10 * 60_000 + 1000;
    const late = await post(target, '/auth/v1/password/confirm', {
      resetId: resetId3,
      code: code3,
      newPassword,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toContain('有効期限');
  });

  it('17: the password policy applies to register, reset and change', async () => {
    const target = await startApp();
    const short = await post(target, '/auth/v1/register', registration(uniqueEmail(), 'short'));
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toContain('8文字以上');
    const common = await post(target, '/auth/v1/register', registration(uniqueEmail(), 'password123'));
    expect(common.statusCode).toBe(400);

    const customer = await customerWithPassword();
    const { resetId } = (
      await post(target, '/auth/v1/password/forgot', { login: customer.accountNumber })
    ).json<{
      resetId: string;
    }>();
    const code = await codeFromMail(customer.email, 'password-reset-code');
    const withAccountNumber = await post(target, '/auth/v1/password/confirm', {
      resetId,
      code,
      newPassword: `my-${customer.accountNumber}-pass`,
    });
    expect(withAccountNumber.statusCode).toBe(400);
    expect(withAccountNumber.json<{ message: string }>().message).toContain('口座番号');
    // the rejected password did not use the code up
    expect(
      (await post(target, '/auth/v1/password/confirm', { resetId, code, newPassword: 'yoi-pasuwado-123' }))
        .statusCode,
    ).toBe(204);

    const tokens = await signIn(target, customer.accountNumber, 'yoi-pasuwado-123');
    const change = await post(
      target,
      '/auth/v1/user/password',
      { currentPassword: 'yoi-pasuwado-123', newPassword: 'password' },
      tokens.access_token,
      'PATCH',
    );
    expect(change.statusCode).toBe(400);
  });

  it('18: password and email changes need the current password and notify the customer', async () => {
    const target = await startApp();
    const customer = await customerWithPassword();
    const tokens = await signIn(target, customer.accountNumber, strongPassword);
    const token = tokens.access_token;

    const wrong = await post(
      target,
      '/auth/v1/user/password',
      { currentPassword: 'not-the-password', newPassword: 'betsu-no-pasu-99' },
      token,
      'PATCH',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe('現在のパスワードが正しくありません。');
    const noToken = await post(
      target,
      '/auth/v1/user/password',
      { currentPassword: strongPassword, newPassword: 'betsu-no-pasu-99' },
      undefined,
      'PATCH',
    );
    expect(noToken.statusCode).toBe(401);

    const changed = await post(
      target,
      '/auth/v1/user/password',
      { currentPassword: strongPassword, newPassword: 'betsu-no-pasu-99' },
      token,
      'PATCH',
    );
    expect(changed.statusCode).toBe(204);
    expect((await lastMail(customer.email))?.kind).toBe('credential-changed');
    await signIn(target, customer.accountNumber, 'betsu-no-pasu-99');

    const newEmail = uniqueEmail();
    const wrongStart = await post(
      target,
      '/auth/v1/user/email',
      { currentPassword: strongPassword, newEmail },
      token,
    );
    expect(wrongStart.statusCode).toBe(400);
    const started = await post(
      target,
      '/auth/v1/user/email',
      { currentPassword: 'betsu-no-pasu-99', newEmail },
      token,
    );
    expect(started.statusCode).toBe(202);
    const { changeId } = started.json<{ changeId: string }>();
    expect((await lastMail(customer.email))?.kind).toBe('email-change-requested');
    const state = await get(target, `/auth/v1/user/email/confirm?changeId=${changeId}`, token);
    expect(state.json()).toMatchObject({ state: 'pending', email: newEmail });

    // another customer cannot confirm it
    const other = await customerWithPassword();
    const otherTokens = await signIn(target, other.accountNumber, strongPassword);
    const code = await codeFromMail(newEmail, 'email-change-code');
    expect(
      (await post(target, '/auth/v1/user/email', { changeId, code }, otherTokens.access_token, 'PATCH'))
        .statusCode,
    ).toBe(404);

    const confirmed = await post(target, '/auth/v1/user/email', { changeId, code }, token, 'PATCH');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });
    const [row] = await database.db
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, customer.id));
    expect(row?.email).toBe(newEmail);
    const notice = await lastMail(customer.email);
    expect(notice?.kind).toBe('credential-changed');
    expect(notice?.textBody).toContain('メールアドレスが変更されました');
  });

  it('20: lists sessions and sign-in history; ending one session kills its refresh token only', async () => {
    const target = await startApp();
    const customer = await customerWithPassword();
    const first = await signIn(target, customer.accountNumber, strongPassword);
    const second = await signIn(target, customer.accountNumber, strongPassword);

    const history = await get(target, '/auth/v1/user/login_attempts', second.access_token);
    expect(history.statusCode).toBe(200);
    const attempts = history.json<{ attempts: { outcome: string; ip: string | null }[] }>().attempts;
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts[0]?.outcome).toBe('succeeded');

    const listed = await get(target, '/auth/v1/user/sessions', second.access_token);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json<{ sessions: { id: string; clientId: string }[] }>().sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.every((session) => session.clientId === 'fund-web')).toBe(true);

    // another customer's session is not found and stays
    const other = await customerWithPassword();
    const otherTokens = await signIn(target, other.accountNumber, strongPassword);
    const foreign = await post(
      target,
      '/auth/v1/sessions/revoke',
      { sessionId: sessions[0]!.id },
      otherTokens.access_token,
    );
    expect(foreign.statusCode).toBe(404);

    const revoked = await post(
      target,
      '/auth/v1/sessions/revoke',
      { sessionId: sessions[1]!.id },
      second.access_token,
    );
    expect(revoked.statusCode).toBe(204);
    const results = await Promise.all([
      refresh(target, first.refresh_token!),
      refresh(target, second.refresh_token!),
    ]);
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const after = await get(target, '/auth/v1/user/sessions', second.access_token);
    expect(after.json<{ sessions: unknown[] }>().sessions).toHaveLength(1);
  });

  it('12: register and password/forgot answer 429 with Retry-After over the limit', async () => {
    const target = await startApp({ SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '2' });
    const email = uniqueEmail();
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await post(target, '/auth/v1/register', registration(email)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 429]);
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[2]!.json()).toMatchObject({ code: '429-000' });

    const forgot = [];
    for (let i = 0; i < 3; i += 1)
      forgot.push(await post(target, '/auth/v1/password/forgot', { login: '1234567' }));
    expect(forgot.map((answer) => answer.statusCode)).toEqual([202, 202, 429]);
    expect(Number(forgot[2]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailCount(email, 'sign-up-code')).toBe(2);
  });

  it('sign-up end to end: pages from the sign-in page, code from the outbox, then sign-in with the new 口座番号', async () => {
    const target = await startApp();
    const browser = new TestBrowser(target);
    const start = await browser.request('GET', authorizeUrl());
    const uid = interactionUid(start);
    const signInPage = await browser.request('GET', `/auth/v1/interaction/${uid}`);
    expect(signInPage.body).toContain('新規登録');
    expect(signInPage.body).toContain('パスワードをお忘れの方');
    const signUpHref = /href="([^"]*\/auth\/v1\/signup[^"]*)"/
      .exec(signInPage.body)?.[1]
      ?.replaceAll('&amp;', '&');
    expect(signUpHref).toBeDefined();

    const form = await browser.request('GET', signUpHref!);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('新規登録');
    expect(form.body).not.toMatch(/<script|style=/);

    const email = uniqueEmail();
    const invalid = await browser.request('POST', '/auth/v1/signup', {
      form: { interaction: uid, email, password: 'short' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('姓を入力してください。');

    const submitted = await browser.request('POST', '/auth/v1/signup', {
      form: {
        interaction: uid,
        last_name: '山田',
        first_name: '花子',
        last_name_kana: 'ヤマダ',
        first_name_kana: 'ハナコ',
        birth_date: '1990-04-01',
        email,
        password: strongPassword,
      },
    });
    expect(submitted.statusCode).toBe(303);
    const codePage = await browser.request('GET', String(submitted.headers.location));
    expect(codePage.statusCode).toBe(200);
    expect(codePage.body).toContain('確認コード');
    const registrationId = /name="registration" value="([^"]+)"/.exec(codePage.body)?.[1];
    expect(registrationId).toBeDefined();

    const wrong = await browser.request('POST', '/auth/v1/signup/confirm', {
      form: { registration: registrationId!, interaction: uid, code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const code = await codeFromMail(email, 'sign-up-code');
    const done = await browser.request('POST', '/auth/v1/signup/confirm', {
      form: { registration: registrationId!, interaction: uid, code },
    });
    expect(done.statusCode).toBe(200);
    const accountNumber = /id="account-number">(\d{7})</.exec(done.body)?.[1];
    expect(accountNumber).toBeDefined();
    expect(done.body).toContain(`/auth/v1/interaction/${uid}`);

    const [created] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.accountNumber, accountNumber!));
    expect(created).toMatchObject({ branchCode: '001', accountRole: 'ADULT', equityStatus: 'NONE', email });

    // sign in with the new account through the real sign-in pages (same browser, the interaction it came from)
    const posted = await browser.request('POST', `/auth/v1/interaction/${uid}/login`, {
      form: { account_number: accountNumber!, password: strongPassword },
    });
    expect(posted.statusCode).toBe(303);
    const signedIn = await signIn(target, accountNumber!, strongPassword);
    const profile = await get(target, '/auth/v1/user/profile', signedIn.access_token);
    expect(profile.json()).toMatchObject({ accountNumber, email });

    // the code is used: a second confirmation fails
    const again = await browser.request('POST', '/auth/v1/signup/confirm', {
      form: { registration: registrationId!, interaction: uid, code },
    });
    expect(again.statusCode).toBe(400);
  });

  it('password reset through the pages', async () => {
    const target = await startApp();
    const customer = await customerWithPassword();
    const browser = new TestBrowser(target);
    const form = await browser.request('GET', '/auth/v1/password/reset');
    expect(form.statusCode).toBe(200);
    const submitted = await browser.request('POST', '/auth/v1/password/reset', {
      form: { login: customer.accountNumber },
    });
    expect(submitted.statusCode).toBe(303);
    const page = await browser.request('GET', String(submitted.headers.location));
    const resetId = /name="request" value="([^"]+)"/.exec(page.body)?.[1];
    const code = await codeFromMail(customer.email, 'password-reset-code');
    const weak = await browser.request('POST', '/auth/v1/password/reset/confirm', {
      form: { request: resetId!, code, password: 'password' },
    });
    expect(weak.statusCode).toBe(400);
    const done = await browser.request('POST', '/auth/v1/password/reset/confirm', {
      form: { request: resetId!, code, password: 'sakura-saku-2026' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('パスワードを再設定しました');
    await signIn(target, customer.accountNumber, 'sakura-saku-2026');
  });

  it('provider hand-off calls: login returns an authorization URL, logout/consent/token/introspect redirect, login hints work once', async () => {
    const target = await startApp();
    const login = await post(target, '/auth/v1/login', {
      redirectUri: 'http://localhost:3000/',
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      state: 'state-123456',
      loginHint: '1000002',
    });
    expect(login.statusCode).toBe(200);
    const authorizationUrl = new URL(login.json<{ authorizationUrl: string }>().authorizationUrl);
    expect(authorizationUrl.pathname).toBe('/oidc/auth');
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const browser = new TestBrowser(target);
    const started = await browser.request('GET', `${authorizationUrl.pathname}${authorizationUrl.search}`);
    const uid = interactionUid(started);
    const page = await browser.request('GET', `/auth/v1/interaction/${uid}`);
    expect(page.body).toContain('value="1000002"');
    expect(
      (
        await post(target, '/auth/v1/login', {
          clientId: 'someone-else',
          redirectUri: 'http://localhost:3000/',
          codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          state: 'state-123456',
        })
      ).statusCode,
    ).toBe(400);
    expect(await post(target, '/auth/v1/login', { password: 'x' }).then((r) => r.statusCode)).toBe(400);

    const logout = await target.inject({
      method: 'GET',
      url: '/auth/v1/logout?client_id=fund-web&state=s1',
      headers: { host },
    });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe(
      'http://localhost:3000/oidc/session/end?client_id=fund-web&state=s1',
    );

    const consent = await target.inject({
      method: 'GET',
      url: `/auth/v1/consent?uid=${uid}`,
      headers: { host },
    });
    expect(consent.statusCode).toBe(303);
    expect(consent.headers.location).toBe(`/auth/v1/interaction/${uid}`);
    const accept = await target.inject({
      method: 'POST',
      url: `/auth/v1/consent?uid=${uid}`,
      headers: { host },
    });
    expect(accept.statusCode).toBe(307);
    expect(accept.headers.location).toBe(`/auth/v1/interaction/${uid}/confirm`);

    const resend = await target.inject({
      method: 'POST',
      url: `/auth/v1/login/sendOtpEmail?uid=${uid}`,
      headers: { host },
    });
    expect(resend.statusCode).toBe(307);
    expect(resend.headers.location).toBe(`/auth/v1/interaction/${uid}/second-factor/email/resend`);

    const hint = await post(target, '/auth/v1/tenants/fund/loginHint', { accountNumber: '1000002' });
    expect(hint.statusCode).toBe(201);
    const { key } = hint.json<{ key: string }>();
    const redeemed = await target.inject({
      method: 'GET',
      url: `/auth/v1/loginHint/${key}`,
      headers: { host },
    });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ tenantId: 'fund', accountNumber: '1000002' });
    const twice = await target.inject({ method: 'GET', url: `/auth/v1/loginHint/${key}`, headers: { host } });
    expect(twice.statusCode).toBe(404);

    const customer = await customerWithPassword();
    const signedIn = await signInForCode(new TestBrowser(target), {
      accountNumber: customer.accountNumber,
      password: strongPassword,
    });
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: signedIn.code,
      redirect_uri: signedIn.redirectUri,
      code_verifier: signedIn.pkce.verifier,
      client_id: 'fund-web',
    }).toString();
    const formHeaders = { host, 'content-type': 'application/x-www-form-urlencoded' };
    const alias = await target.inject({
      method: 'POST',
      url: '/auth/v1/token',
      headers: formHeaders,
      payload: form,
    });
    expect(alias.statusCode).toBe(308);
    expect(alias.headers.location).toBe('http://localhost:3000/oidc/token');
    const followed = await target.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: formHeaders,
      payload: form,
    });
    expect(followed.statusCode).toBe(200);
    const introspect = await target.inject({
      method: 'POST',
      url: '/auth/v1/token/introspect',
      headers: formHeaders,
      payload: 'token=x',
    });
    expect(introspect.statusCode).toBe(308);
    expect(introspect.headers.location).toBe('http://localhost:3000/oidc/token/introspection');
  });

  it('register/confirm under concurrency: distinct new 口座番号, and one registration creates one customer', async () => {
    const target = await startApp();
    const emails = Array.from({ length: 6 }, () => uniqueEmail());
    const started = await Promise.all(
      emails.map((email) => post(target, '/auth/v1/register', registration(email))),
    );
    const confirmations = await Promise.all(
      started.map(async (response, index) => ({
        registrationId: response.json<{ registrationId: string }>().registrationId,
        code: await codeFromMail(emails[index]!, 'sign-up-code'),
      })),
    );
    // the first registration is confirmed twice at once: exactly one customer
    const answers = await Promise.all([
      ...confirmations.map((body) => post(target, '/auth/v1/register/confirm', body)),
      post(target, '/auth/v1/register/confirm', confirmations[0]),
    ]);
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created).toHaveLength(6);
    const numbers = created.map((answer) => answer.json<{ accountNumber: string }>().accountNumber);
    expect(new Set(numbers).size).toBe(6);
    const rows = await database.db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`lower(${customers.email}) = lower(${emails[0]!})`);
    expect(rows).toHaveLength(1);
  });
});
