import { adminClientId, OperatorIdentityPath } from '@fund/contracts';
import {
  demoCustomerPassword,
  demoOperators,
  mailOutbox,
  oidcPayloads,
  operators,
  seedDemoData,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { demoSignInsTable } from '../demo-sign-ins-table.ts';
import { hashPassword, verifyPassword } from '../password-hashing.ts';
import {
  decodeJwtPayload,
  exchangeCode,
  pkce,
  refresh,
  signInForCode,
  TestBrowser,
  testOrigin,
  type TokenSet,
} from '../test/oidc-test-client.ts';
import { operatorModelPrefix } from '../../../plugins/operator-auth.plugin.ts';
import {
  adminRedirectUri,
  adminTokenRequest,
  codeAfter,
  exchangeAdminCode,
  operatorTokens,
  startOperatorSignIn,
} from './test/operator-test-client.ts';

const startup = 60_000;
const interaction = OperatorIdentityPath.interaction;

const operator01 = demoOperators.find((operator) => operator.loginId === 'operator01');
const operator02 = demoOperators.find((operator) => operator.loginId === 'operator02');
if (operator01 === undefined || operator02 === undefined) throw new Error('demo operators are missing');

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '1000', SIGN_IN_RATE_LIMIT_PER_IP: '1000' },
  });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** An operator of this test only, so its password, failures and lock touch no other test. */
async function createOperator(loginId: string, password: string, temporary = false): Promise<string> {
  const [row] = await database.db
    .insert(operators)
    .values({
      loginId,
      name: `テスト ${loginId}`,
      email: `${loginId}@example.jp`,
      passwordHash: await hashPassword(password),
      temporaryPassword: temporary,
    })
    .returning({ id: operators.id });
  if (row === undefined) throw new Error('operator not created');
  return row.id;
}

async function bearer(url: string, token: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost:3000', authorization: `Bearer ${token}` },
  });
}

async function latestCodeMailedTo(to: string): Promise<string> {
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

describe(
  'operator sign-in (spec §4, §6): separate pool, provider, client and tokens',
  { timeout: startup },
  () => {
    it('first sign-in with the temporary password: new-password page, old password refused, then tokens', async () => {
      const browser = new TestBrowser(app);
      const verifier = pkce();
      const uid = await startOperatorSignIn(browser, verifier);
      const page = await browser.request('GET', `${interaction}/${uid}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('管理者ログイン');
      expect(page.body).toContain('name="login_id"');
      expect(page.body).not.toMatch(/<script|style=/);

      const temporary = await browser.request('POST', `${interaction}/${uid}/login`, {
        form: { login_id: operator01.loginId, password: operator01.password },
      });
      expect(temporary.statusCode).toBe(200);
      expect(temporary.body).toContain('新しいパスワードの設定');
      expect(temporary.body).toContain('autocomplete="new-password"');

      // the temporary password cannot be kept, and the policy applies
      const same = await browser.request('POST', `${interaction}/${uid}/new-password`, {
        form: { new_password: operator01.password },
      });
      expect(same.statusCode).toBe(400);
      expect(same.body).toContain('現在のパスワードとは異なる');
      const short = await browser.request('POST', `${interaction}/${uid}/new-password`, {
        form: { new_password: 'short' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.body).toContain('8文字以上');

      // a fresh browser cannot skip to the new-password step
      const stranger = await new TestBrowser(app).request('POST', `${interaction}/${uid}/new-password`, {
        form: { new_password: 'Another-Strong-Pass-1' },
      });
      expect(stranger.statusCode).toBe(400);

      const withLoginId = await browser.request('POST', `${interaction}/${uid}/new-password`, {
        form: { new_password: 'my-operator01-pass' },
      });
      expect(withLoginId.body).toContain('ログインIDを含む');
      const newPassword = 'Chosen-Admin-Pass-2026';
      const changed = await browser.request('POST', `${interaction}/${uid}/new-password`, {
        form: { new_password: newPassword },
      });
      const tokens = await exchangeAdminCode(app, await codeAfter(browser, changed), verifier);
      expect(tokens.statusCode, tokens.body).toBe(200);
      expect(tokens.json<TokenSet>().refresh_token).toBeDefined();

      const [row] = await database.db.select().from(operators).where(eq(operators.loginId, 'operator01'));
      expect(row?.temporaryPassword).toBe(false);
      expect(await verifyPassword(row?.passwordHash ?? '', newPassword)).toBe(true);

      // the temporary password no longer signs in; the new one does, without the new-password step
      const again = new TestBrowser(app);
      const againUid = await startOperatorSignIn(again);
      const old = await again.request('POST', `${interaction}/${againUid}/login`, {
        form: { login_id: 'operator01', password: operator01.password },
      });
      expect(old.statusCode).toBe(401);
      const fresh = await operatorTokens(app, new TestBrowser(app), {
        loginId: 'operator01',
        password: newPassword,
      });
      expect(fresh.statusCode, fresh.body).toBe(200);
    });

    it('operator access tokens: issuer /oidc-admin, audience /admin-api, act_as customer, operator_id, username, exp − iat ≤ 900', async () => {
      const response = await operatorTokens(app, new TestBrowser(app), {
        loginId: operator02.loginId,
        password: operator02.password,
      });
      expect(response.statusCode, response.body).toBe(200);
      const claims = decodeJwtPayload(response.json<TokenSet>().access_token);
      expect(claims).toMatchObject({
        iss: `${testOrigin}/oidc-admin`,
        aud: `${testOrigin}/admin-api`,
        client_id: adminClientId,
        username: 'operator02',
        operator_id: operator02.id,
        sub: operator02.id,
        act_as: 'customer',
        operator: true,
        scope: 'admin',
      });
      expect(Number(claims['exp']) - Number(claims['iat'])).toBeLessThanOrEqual(900);

      const discovery = await app.inject({
        method: 'GET',
        url: '/oidc-admin/.well-known/openid-configuration',
        headers: { host: 'localhost:3000' },
      });
      expect(discovery.statusCode).toBe(200);
      expect(discovery.json()).toMatchObject({
        issuer: `${testOrigin}/oidc-admin`,
        code_challenge_methods_supported: ['S256'],
      });
    });

    it('refresh rotation works for fund-admin (session refresh), and a replayed refresh token is refused', async () => {
      const response = await operatorTokens(app, new TestBrowser(app), {
        loginId: operator02.loginId,
        password: operator02.password,
      });
      const first = response.json<TokenSet>();
      const rotated = await adminTokenRequest(app, {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token ?? '',
        client_id: adminClientId,
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const second = rotated.json<TokenSet>();
      expect(second.refresh_token).toBeDefined();
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(decodeJwtPayload(second.access_token)).toMatchObject({
        username: 'operator02',
        act_as: 'customer',
      });

      const replay = await adminTokenRequest(app, {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token ?? '',
        client_id: adminClientId,
      });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('an ended grant ends the operator access tokens: a replayed refresh token revokes the grant, and both access tokens are refused', async () => {
      const first = (
        await operatorTokens(app, new TestBrowser(app), {
          loginId: operator02.loginId,
          password: operator02.password,
        })
      ).json<TokenSet>();
      const rotated = await adminTokenRequest(app, {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token ?? '',
        client_id: adminClientId,
      });
      const second = rotated.json<TokenSet>();
      expect(decodeJwtPayload(second.access_token)['grant_id']).toEqual(expect.any(String));
      const replay = await adminTokenRequest(app, {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token ?? '',
        client_id: adminClientId,
      });
      expect(replay.statusCode).toBe(400);
      // neither token was checked before the revocation, so no live answer is remembered for them
      for (const token of [first.access_token, second.access_token]) {
        const response = await bearer(OperatorIdentityPath.operatorProfile, token);
        expect(response.statusCode).toBe(401);
      }
    });

    it('customer credentials are refused on the operator pool', async () => {
      const browser = new TestBrowser(app);
      const uid = await startOperatorSignIn(browser);
      const response = await browser.request('POST', `${interaction}/${uid}/login`, {
        form: { login_id: '1000001', password: demoCustomerPassword },
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain('ログインIDまたはパスワードが正しくありません。');
      expect(response.headers.location).toBeUndefined();
    });

    it('operator credentials are refused on the customer pool (fund-web), and fund-web cannot use /oidc-admin', async () => {
      await expect(
        signInForCode(new TestBrowser(app), {
          accountNumber: operator02.loginId,
          password: operator02.password,
        }),
      ).rejects.toThrow(/sign-in answered 400/);

      const wrongClient = await app.inject({
        method: 'GET',
        url: `/oidc-admin/auth?${new URLSearchParams({
          client_id: 'fund-web',
          response_type: 'code',
          redirect_uri: `${testOrigin}/`,
          scope: 'openid',
          code_challenge: pkce().challenge,
          code_challenge_method: 'S256',
        }).toString()}`,
        headers: { host: 'localhost:3000' },
      });
      expect(wrongClient.statusCode).toBe(400);
      expect(wrongClient.body).toContain('invalid_client');
    });

    it('tokens and codes of one provider are never found by the other (separate storage namespace)', async () => {
      const operatorSet = (
        await operatorTokens(app, new TestBrowser(app), {
          loginId: operator02.loginId,
          password: operator02.password,
        })
      ).json<TokenSet>();
      const customerSigned = await signInForCode(new TestBrowser(app), {
        accountNumber: '1000001',
        password: demoCustomerPassword,
      });
      const customerSet = (await exchangeCode(app, customerSigned)).json<TokenSet>();

      // an operator's refresh token at the customer provider, and the other way round
      const atCustomer = await refresh(app, operatorSet.refresh_token ?? '');
      expect(atCustomer.statusCode).toBe(400);
      expect(atCustomer.json()).toMatchObject({ error: 'invalid_grant' });
      const atOperator = await adminTokenRequest(app, {
        grant_type: 'refresh_token',
        refresh_token: customerSet.refresh_token ?? '',
        client_id: adminClientId,
      });
      expect(atOperator.statusCode).toBe(400);
      expect(atOperator.json()).toMatchObject({ error: 'invalid_grant' });

      const stored = await database.db
        .select({ kind: oidcPayloads.kind, accountId: oidcPayloads.accountId })
        .from(oidcPayloads)
        .where(eq(oidcPayloads.accountId, operator02.id));
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.every((row) => row.kind.startsWith(operatorModelPrefix))).toBe(true);
      const prefixed = await database.db
        .select({ kind: oidcPayloads.kind })
        .from(oidcPayloads)
        .where(like(oidcPayloads.kind, `${operatorModelPrefix}%`));
      expect(prefixed.length).toBeGreaterThan(0);
    });

    it('requireOperator refuses customer tokens and requireCustomer refuses operator tokens', async () => {
      const operatorSet = (
        await operatorTokens(app, new TestBrowser(app), {
          loginId: operator02.loginId,
          password: operator02.password,
        })
      ).json<TokenSet>();
      const customerSet = (
        await exchangeCode(
          app,
          await signInForCode(new TestBrowser(app), {
            accountNumber: '1000001',
            password: demoCustomerPassword,
          }),
        )
      ).json<TokenSet>();

      const operatorProfile = await bearer(OperatorIdentityPath.operatorProfile, operatorSet.access_token);
      expect(operatorProfile.statusCode, operatorProfile.body).toBe(200);
      expect(operatorProfile.json()).toEqual({
        operatorId: operator02.id,
        loginId: 'operator02',
        name: operator02.name,
        canActAsCustomer: true,
      });

      const customerAtOperator = await bearer(OperatorIdentityPath.operatorProfile, customerSet.access_token);
      expect(customerAtOperator.statusCode).toBe(401);
      expect(customerAtOperator.json()).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });

      const operatorAtCustomer = await bearer('/auth/v1/user/profile', operatorSet.access_token);
      expect(operatorAtCustomer.statusCode).toBe(401);
      expect((await bearer('/auth/v1/user/profile', customerSet.access_token)).statusCode).toBe(200);

      const none = await app.inject({
        method: 'GET',
        url: OperatorIdentityPath.operatorProfile,
        headers: { host: 'localhost:3000' },
      });
      expect(none.statusCode).toBe(401);
    });

    it('forgot password: code mailed to the operator (read from the outbox), single use, then the new password signs in', async () => {
      const loginId = 'forgot.operator';
      await createOperator(loginId, 'Forgot-Old-Pass-2026');
      const browser = new TestBrowser(app);
      const uid = await startOperatorSignIn(browser);
      const forgot = await browser.request('GET', `${interaction}/${uid}/forgot`);
      expect(forgot.statusCode).toBe(200);
      expect(forgot.body).toContain('パスワードの再設定');

      const sent = await browser.request('POST', `${interaction}/${uid}/forgot`, {
        form: { login_id: loginId },
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toContain('name="code"');
      // an unknown login id gets the very same page (no enumeration)
      const unknown = await browser.request('POST', `${interaction}/${uid}/forgot`, {
        form: { login_id: 'nobody.here' },
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body.replaceAll('nobody.here', loginId)).toBe(sent.body);

      const code = await latestCodeMailedTo(`${loginId}@example.jp`);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await browser.request('POST', `${interaction}/${uid}/reset`, {
        form: { login_id: loginId, code: wrongCode, new_password: 'Forgot-New-Pass-2026' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('確認コードが正しくないか');

      const reset = await browser.request('POST', `${interaction}/${uid}/reset`, {
        form: { login_id: loginId, code, new_password: 'Forgot-New-Pass-2026' },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.body).toContain('パスワードを再設定しました。');
      const kinds = (
        await database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, `${loginId}@example.jp`))
      ).map((mail) => mail.kind);
      expect(kinds).toEqual(expect.arrayContaining(['password-reset-code', 'credential-changed']));

      const reused = await browser.request('POST', `${interaction}/${uid}/reset`, {
        form: { login_id: loginId, code, new_password: 'Forgot-Other-Pass-2026' },
      });
      expect(reused.statusCode).toBe(400);

      const signedIn = await browser.request('POST', `${interaction}/${uid}/login`, {
        form: { login_id: loginId, password: 'Forgot-New-Pass-2026' },
      });
      await codeAfter(browser, signedIn);
    });

    it('forgot password: a code is spent after 5 wrong tries', async () => {
      const loginId = 'tries.operator';
      await createOperator(loginId, 'Tries-Old-Pass-2026');
      const browser = new TestBrowser(app);
      const uid = await startOperatorSignIn(browser);
      await browser.request('POST', `${interaction}/${uid}/forgot`, { form: { login_id: loginId } });
      const code = await latestCodeMailedTo(`${loginId}@example.jp`);
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await browser.request('POST', `${interaction}/${uid}/reset`, {
          form: { login_id: loginId, code: wrongCode, new_password: 'Tries-New-Pass-2026' },
        });
      }
      const right = await browser.request('POST', `${interaction}/${uid}/reset`, {
        form: { login_id: loginId, code, new_password: 'Tries-New-Pass-2026' },
      });
      expect(right.statusCode).toBe(400);
    });

    it('locks the operator after consecutive wrong passwords, with no hint to anyone without the password', async () => {
      const loginId = 'lock.operator';
      await createOperator(loginId, 'Lock-Right-Pass-2026');
      const browser = new TestBrowser(app);
      const uid = await startOperatorSignIn(browser);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await browser.request('POST', `${interaction}/${uid}/login`, {
          form: { login_id: loginId, password: 'wrong-password' },
        });
        expect(wrong.statusCode).toBe(401);
      }
      const [row] = await database.db.select().from(operators).where(eq(operators.loginId, loginId));
      expect(row?.lockedAt).not.toBeNull();
      const stillWrong = await browser.request('POST', `${interaction}/${uid}/login`, {
        form: { login_id: loginId, password: 'wrong-password' },
      });
      expect(stillWrong.statusCode).toBe(401);
      const right = await browser.request('POST', `${interaction}/${uid}/login`, {
        form: { login_id: loginId, password: 'Lock-Right-Pass-2026' },
      });
      expect(right.statusCode).toBe(403);
      expect(right.body).toContain('ロックされています');
      const mails = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, `${loginId}@example.jp`));
      expect(mails.map((mail) => mail.kind)).toContain('account-locked');
    });

    it('answers 429 with Retry-After when a login id is tried too often', async () => {
      const limited = await buildTestApp({
        database: { ...database, close: async () => {} },
        env: { SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '2', SIGN_IN_RATE_LIMIT_PER_IP: '1000' },
      });
      try {
        const browser = new TestBrowser(limited);
        const uid = await startOperatorSignIn(browser);
        const statuses: number[] = [];
        let last;
        for (let attempt = 0; attempt < 3; attempt += 1) {
          last = await browser.request('POST', `${interaction}/${uid}/login`, {
            form: { login_id: 'nobody.limited', password: 'wrong-password' },
          });
          statuses.push(last.statusCode);
        }
        expect(statuses).toEqual([401, 401, 429]);
        expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
        expect(last?.body).toContain('試行回数が上限');
      } finally {
        await limited.close();
      }
    });

    it('the start-up table lists both demo operators, the temporary one marked', () => {
      const table = demoSignInsTable(testOrigin);
      expect(table).toContain('operator01  Temp-Operator-2026  (仮パスワード: 初回ログイン時に変更)');
      expect(table).toContain('operator02  Operator-Pass-2026');
    });

    it('the fund-admin client accepts only its exact redirect URIs', async () => {
      const verifier = pkce();
      const response = await app.inject({
        method: 'GET',
        url: `/oidc-admin/auth?${new URLSearchParams({
          client_id: adminClientId,
          response_type: 'code',
          redirect_uri: `${adminRedirectUri}evil`,
          scope: 'openid',
          code_challenge: verifier.challenge,
          code_challenge_method: 'S256',
        }).toString()}`,
        headers: { host: 'localhost:3000' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('invalid_redirect_uri');
    });
  },
);
