import { demoCustomerPassword, oidcPayloads, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { SignJWT, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../test/test-app.ts';
import {
  accessTokenTtlSeconds,
  authorizationCodeTtlSeconds,
  refreshTokenAbsoluteTtlSeconds,
} from './oidc-provider.ts';
import {
  authorizeUrl,
  decodeJwtPayload,
  exchangeCode,
  interactionUid,
  pkce,
  refresh,
  signInForCode,
  TestBrowser,
  testOrigin,
  tokenRequest,
  type TokenSet,
} from './test/oidc-test-client.ts';

const startup = 60_000;
const main = { accountNumber: '1000001', password: demoCustomerPassword };
const initialAccessToken = 'initial-access-token-for-tests-0123456789';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: {
      OIDC_INITIAL_ACCESS_TOKEN: initialAccessToken,
      // this file signs the same customer in many times; the limits have their own test
      SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '1000',
      SIGN_IN_RATE_LIMIT_PER_IP: '1000',
    },
  });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function signIn(scope?: string): Promise<TokenSet> {
  const browser = new TestBrowser(app);
  const signedIn = await signInForCode(browser, main, scope === undefined ? {} : { scope });
  const response = await exchangeCode(app, signedIn);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenSet>();
}

function directive(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  return String(response.headers['content-security-policy'] ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

async function payloadRow(kind: string, id: string) {
  const [row] = await database.db
    .select()
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, kind), eq(oidcPayloads.id, id)));
  return row;
}

async function profile(accessToken: string, url = '/auth/v1/user/profile') {
  return app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost:3000', authorization: `Bearer ${accessToken}` },
  });
}

async function globalSignOut(accessToken: string) {
  return app.inject({
    method: 'POST',
    url: '/auth/v1/sessions/revoke/global',
    headers: { host: 'localhost:3000', authorization: `Bearer ${accessToken}` },
  });
}

async function oidcForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('OpenID provider (security.md 1–10, 24)', { timeout: startup }, () => {
  it('signs in through the real pages and exchanges the code for tokens with username and exp', async () => {
    const tokens = await signIn();
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeDefined();
    const claims = decodeJwtPayload(tokens.access_token);
    expect(claims).toMatchObject({
      iss: `${testOrigin}/oidc`,
      aud: `${testOrigin}/api`,
      username: '1000001',
      client_id: 'fund-web',
    });
    expect(typeof claims['exp']).toBe('number');
    expect(String(claims['scope']).split(' ').sort()).toEqual(['user.session.revoke.self', 'user.write']);
    const me = await profile(tokens.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ accountNumber: '1000001', lastName: '青木', firstName: '健太' });
  });

  it('1. discovery lists only S256; plain refused; public client without code_challenge gets invalid_request', async () => {
    const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    const document = discovery.json<Record<string, unknown>>();
    expect(document['issuer']).toBe(`${testOrigin}/oidc`);
    expect(document['code_challenge_methods_supported']).toEqual(['S256']);

    const browser = new TestBrowser(app);
    const plain = await browser.request('GET', authorizeUrl({ extra: { code_challenge_method: 'plain' } }));
    expect(String(plain.headers.location)).toContain('error=invalid_request');
    const withoutChallenge = authorizeUrl()
      .replace(/&code_challenge=[^&]*/, '')
      .replace(/&code_challenge_method=[^&]*/, '');
    const missing = await browser.request('GET', withoutChallenge);
    expect(String(missing.headers.location)).toMatch(/^http:\/\/localhost:3000\/\?error=invalid_request/);
  });

  it('2. a wrong or missing code_verifier gets invalid_grant', async () => {
    const browser = new TestBrowser(app);
    const signedIn = await signInForCode(browser, main);
    const wrong = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code: signedIn.code,
      redirect_uri: signedIn.redirectUri,
      code_verifier: pkce().verifier,
      client_id: 'fund-web',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });

    const again = await signInForCode(new TestBrowser(app), main);
    const missing = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code: again.code,
      redirect_uri: again.redirectUri,
      client_id: 'fund-web',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it.each([
    ['no trailing slash', 'http://localhost:3000'],
    ['an added query', 'http://localhost:3000/?x=1'],
    ['another path', 'http://localhost:3000/trading'],
    ['another port', 'http://localhost:3001/'],
    ['another case', 'http://LOCALHOST:3000/'],
    ['another scheme', 'https://localhost:3000/'],
  ])('3. a redirect_uri differing by %s gets an error page, never a redirect', async (_case, redirectUri) => {
    const response = await new TestBrowser(app).request('GET', authorizeUrl({ redirectUri }));
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('lang="ja"');
    expect(response.body).toContain('ログインを開始できません');
  });

  it('4. a code works once; a second exchange fails and revokes what the first issued; codes expire in 60 s', async () => {
    const browser = new TestBrowser(app);
    const signedIn = await signInForCode(browser, main);
    const codeRow = await payloadRow('AuthorizationCode', signedIn.code);
    expect(authorizationCodeTtlSeconds).toBe(60);
    const codeLifetime = (codeRow!.expiresAt!.getTime() - Date.now()) / 1000;
    expect(codeLifetime).toBeGreaterThan(50);
    expect(codeLifetime).toBeLessThanOrEqual(60);

    const first = await exchangeCode(app, signedIn);
    expect(first.statusCode).toBe(200);
    const second = await exchangeCode(app, signedIn);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ error: 'invalid_grant' });
    const refreshAfterReuse = await refresh(app, first.json<TokenSet>().refresh_token!);
    expect(refreshAfterReuse.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('5. refresh rotation: RT1 → RT2; replaying RT1 gets invalid_grant and RT2 dies too', async () => {
    const tokens = await signIn();
    const rotated = await refresh(app, tokens.refresh_token!);
    expect(rotated.statusCode).toBe(200);
    const rt2 = rotated.json<TokenSet>().refresh_token!;
    expect(rt2).not.toBe(tokens.refresh_token);

    const replay = await refresh(app, tokens.refresh_token!);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    const afterReplay = await refresh(app, rt2);
    expect(afterReplay.statusCode).toBe(400);
    expect(afterReplay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it.skipIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '')(
    '5. two simultaneous refreshes with one token: at most one succeeds (PostgreSQL only: PGlite has one connection, so requests never overlap there)',
    async () => {
      for (let round = 0; round < 5; round += 1) {
        const tokens = await signIn();
        const answers = await Promise.all(
          Array.from({ length: 4 }, () => refresh(app, tokens.refresh_token!)),
        );
        expect(answers.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(1);
        for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
          expect(answer.json()).toMatchObject({ error: 'invalid_grant' });
        }
      }
    },
  );

  it('6. access tokens live ≤ 15 min; rotation never extends the absolute refresh lifetime', async () => {
    const tokens = await signIn();
    const claims = decodeJwtPayload(tokens.access_token);
    expect(Number(claims['exp']) - Number(claims['iat'])).toBeLessThanOrEqual(900);
    expect(Number(claims['exp']) - Number(claims['iat'])).toBe(accessTokenTtlSeconds);
    expect(tokens.expires_in).toBeLessThanOrEqual(900);

    const first = await payloadRow('RefreshToken', tokens.refresh_token!);
    const absoluteEnd = first!.expiresAt!.getTime();
    expect(absoluteEnd - Date.now()).toBeLessThanOrEqual(refreshTokenAbsoluteTtlSeconds * 1000);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a later second must not move the end
    const rotated = await refresh(app, tokens.refresh_token!);
    const second = await payloadRow('RefreshToken', rotated.json<TokenSet>().refresh_token!);
    expect(Math.abs(second!.expiresAt!.getTime() - absoluteEnd)).toBeLessThanOrEqual(1000);
    expect(second!.payload['iiat']).toBe(first!.payload['iiat']);
  });

  it('7. scope offline yields a refresh token, without it none; global sign-out needs user.session.revoke.self', async () => {
    const withoutOffline = await signIn('openid user.write');
    expect(withoutOffline.refresh_token).toBeUndefined();

    const withoutRevokeSelf = await signIn('openid offline user.write');
    const refused = await globalSignOut(withoutRevokeSelf.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: '403-000' });

    const full = await signIn();
    const signedOut = await globalSignOut(full.access_token);
    expect(signedOut.statusCode).toBe(204);
    // every refresh token of the customer is dead, also the one of the other sign-in
    expect((await refresh(app, full.refresh_token!)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(app, withoutRevokeSelf.refresh_token!)).json()).toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('8. revocation and introspection are limited to the token’s own client', async () => {
    const tokens = await signIn();
    const otherClient = { client_id: 'fund-device' };
    const revokedByOther = await oidcForm('/oidc/token/revocation', {
      ...otherClient,
      token: tokens.refresh_token!,
    });
    expect(revokedByOther.statusCode).toBe(200);
    const introspectedByOther = await oidcForm('/oidc/token/introspection', {
      ...otherClient,
      token: tokens.refresh_token!,
    });
    expect(introspectedByOther.json()).toEqual({ active: false });

    const introspected = await oidcForm('/oidc/token/introspection', {
      client_id: 'fund-web',
      token: tokens.refresh_token!,
    });
    expect(introspected.json()).toMatchObject({ active: true, client_id: 'fund-web' });
    const stillWorks = await refresh(app, tokens.refresh_token!);
    expect(stillWorks.statusCode).toBe(200);

    const revoked = await oidcForm('/oidc/token/revocation', {
      client_id: 'fund-web',
      token: stillWorks.json<TokenSet>().refresh_token!,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await refresh(app, stillWorks.json<TokenSet>().refresh_token!)).statusCode).toBe(400);
  });

  it('introspects a live access token: active with its claims, at the provider and at /auth/v1/token/introspect', async () => {
    const tokens = await signIn();
    const introspected = await oidcForm('/oidc/token/introspection', {
      client_id: 'fund-web',
      token: tokens.access_token,
    });
    expect(introspected.statusCode, introspected.body).toBe(200);
    const claims = decodeJwtPayload(tokens.access_token);
    expect(introspected.json()).toMatchObject({
      active: true,
      token_type: 'Bearer',
      client_id: 'fund-web',
      sub: claims['sub'],
      username: '1000001',
      exp: claims['exp'],
      iss: claims['iss'],
    });
    const alias = await app.inject({
      method: 'POST',
      url: '/auth/v1/token/introspect',
      headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: 'fund-web', token: tokens.access_token }).toString(),
    });
    expect(alias.statusCode).toBe(308);
    expect(alias.headers.location).toContain('/oidc/token/introspection');
    // another client learns nothing; a forged token is not active
    const byOther = await oidcForm('/oidc/token/introspection', {
      client_id: 'fund-device',
      token: tokens.access_token,
    });
    expect(byOther.json()).toEqual({ active: false });
    const [header = '', payload = ''] = tokens.access_token.split('.');
    const forged = await oidcForm('/oidc/token/introspection', {
      client_id: 'fund-web',
      token: `${header}.${payload}.${'A'.repeat(43)}`,
    });
    expect(forged.json()).toEqual({ active: false });
  });

  it('a standard client reads userinfo with the access token of its code flow, with or without the API scopes', async () => {
    const userinfo = (accessToken: string) =>
      app.inject({
        method: 'GET',
        url: '/oidc/me',
        headers: { host: 'localhost:3000', authorization: `Bearer ${accessToken}` },
      });
    for (const scope of ['openid', 'openid offline user.write']) {
      const tokens = await signIn(scope);
      const answer = await userinfo(tokens.access_token);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ sub: decodeJwtPayload(tokens.access_token)['sub'] });
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    const withoutOpenid = await signIn('offline user.write');
    const refused = await userinfo(withoutOpenid.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'insufficient_scope' });

    // after global sign-out the access token is dead for userinfo and introspection alike
    const full = await signIn();
    expect((await globalSignOut(full.access_token)).statusCode).toBe(204);
    const afterSignOut = await userinfo(full.access_token);
    expect(afterSignOut.statusCode).toBe(401);
    expect(afterSignOut.json()).toMatchObject({ error: 'invalid_token' });
    expect(String(afterSignOut.headers['www-authenticate'])).toContain('error="invalid_token"');
    const introspected = await oidcForm('/oidc/token/introspection', {
      client_id: 'fund-web',
      token: full.access_token,
    });
    expect(introspected.json()).toEqual({ active: false });
  });

  it('a client using a grant type it is not allowed gets unauthorized_client (RFC 6749 §5.2)', async () => {
    // fund-device may use the device flow and refresh tokens, never the authorization code grant
    const refused = await oidcForm('/oidc/token', {
      grant_type: 'authorization_code',
      client_id: 'fund-device',
      code: 'any-code',
      redirect_uri: `${testOrigin}/`,
      code_verifier: pkce().verifier,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'unauthorized_client' });
    // fund-web may not start the device flow
    const deviceRefused = await oidcForm('/oidc/device/auth', { client_id: 'fund-web', scope: 'openid' });
    expect(deviceRefused.statusCode).toBe(400);
    expect(deviceRefused.json()).toMatchObject({ error: 'unauthorized_client' });
  });

  it('8. dynamic registration needs the initial access token; development login is off', async () => {
    const metadata = JSON.stringify({
      redirect_uris: ['https://partner.example.jp/callback'],
      client_name: '提携アプリ',
    });
    const register = (authorization?: string) =>
      app.inject({
        method: 'POST',
        url: '/oidc/reg',
        headers: {
          host: 'localhost:3000',
          'content-type': 'application/json',
          ...(authorization === undefined ? {} : { authorization }),
        },
        payload: metadata,
      });
    expect((await register()).statusCode).toBe(401);
    expect((await register('Bearer wrong-token-wrong-token-wrong-token')).statusCode).toBe(401);
    const registered = await register(`Bearer ${initialAccessToken}`);
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ token_endpoint_auth_method: 'none' });

    const start = await new TestBrowser(app).request('GET', authorizeUrl());
    expect(String(start.headers.location)).toMatch(/^\/auth\/v1\/interaction\//);
    const devForm = await app.inject({ method: 'GET', url: `/oidc/interaction/${interactionUid(start)}` });
    expect(devForm.statusCode).toBe(404);
  });

  it('9. token endpoint CORS allows only the configured web origins', async () => {
    const tokens = await signIn();
    const allowed = await refresh(app, tokens.refresh_token!);
    expect(allowed.statusCode).toBe(200);
    const fromWeb = await tokenRequest(
      app,
      {
        grant_type: 'refresh_token',
        refresh_token: allowed.json<TokenSet>().refresh_token!,
        client_id: 'fund-web',
      },
      { origin: testOrigin },
    );
    expect(fromWeb.statusCode).toBe(200);
    expect(fromWeb.headers['access-control-allow-origin']).toBe(testOrigin);

    const fromElsewhere = await tokenRequest(
      app,
      {
        grant_type: 'refresh_token',
        refresh_token: fromWeb.json<TokenSet>().refresh_token!,
        client_id: 'fund-web',
      },
      { origin: 'https://evil.example' },
    );
    expect(fromElsewhere.statusCode).toBe(400);
    expect(fromElsewhere.json()).toMatchObject({ error: 'invalid_request' });
    expect(fromElsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('9. access tokens in a query string are refused', async () => {
    const tokens = await signIn();
    const api = await app.inject({
      method: 'GET',
      url: `/auth/v1/user/profile?access_token=${tokens.access_token}`,
      headers: { host: 'localhost:3000' },
    });
    expect(api.statusCode).toBe(401);
    const userinfo = await app.inject({
      method: 'GET',
      url: `/oidc/me?access_token=${tokens.access_token}`,
      headers: { host: 'localhost:3000' },
    });
    expect(userinfo.statusCode).toBeGreaterThanOrEqual(400);
    expect(userinfo.statusCode).toBeLessThan(500);
  });

  it('10. sign-in, consent, device and error pages send frame-ancestors none', async () => {
    const browser = new TestBrowser(app);
    const start = await browser.request('GET', authorizeUrl());
    const signInPage = await browser.request('GET', String(start.headers.location));
    expect(signInPage.statusCode).toBe(200);
    const devicePage = await browser.request('GET', '/oidc/device');
    expect(devicePage.statusCode).toBe(200);
    expect(devicePage.body).toContain('確認コード');
    const errorPage = await browser.request('GET', authorizeUrl({ redirectUri: 'https://evil.example/' }));
    expect(errorPage.statusCode).toBe(400);
    for (const page of [signInPage, devicePage, errorPage]) {
      expect(directive(page, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    }
  });

  it('10. the device flow: verification page, sign-in, consent page, tokens for the device', async () => {
    const started = await oidcForm('/oidc/device/auth', {
      client_id: 'fund-device',
      scope: 'openid offline user.write',
    });
    expect(started.statusCode).toBe(200);
    const { device_code: deviceCode, user_code: userCode } = started.json<{
      device_code: string;
      user_code: string;
    }>();

    const browser = new TestBrowser(app);
    const input = await browser.request('GET', '/oidc/device');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(input.body)?.[1] ?? '';
    const confirmPage = await browser.request('POST', '/oidc/device', {
      form: { xsrf, user_code: userCode },
    });
    expect(confirmPage.statusCode).toBe(200);
    expect(confirmPage.body).toContain('この端末でログインしますか');
    const confirmed = await browser.request('POST', '/oidc/device', {
      form: {
        xsrf: /name="xsrf" value="([^"]+)"/.exec(confirmPage.body)?.[1] ?? '',
        user_code: userCode,
        confirm: 'yes',
      },
    });
    const uid = interactionUid(confirmed);
    const posted = await browser.request('POST', `/auth/v1/interaction/${uid}/login`, {
      form: { account_number: main.accountNumber, password: main.password },
    });
    const consent = await browser.follow(posted);
    expect(consent.statusCode).toBe(200);
    expect(directive(consent, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(consent.body).toContain('アクセスの許可');
    const consentUid = /\/auth\/v1\/interaction\/([A-Za-z0-9_-]+)\/confirm/.exec(consent.body)?.[1] ?? '';
    const granted = await browser.follow(
      await browser.request('POST', `/auth/v1/interaction/${consentUid}/confirm`),
    );
    expect(granted.statusCode).toBe(200);
    expect(granted.body).toContain('ログインしました');

    const tokens = await tokenRequest(app, {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: deviceCode,
      client_id: 'fund-device',
    });
    expect(tokens.statusCode).toBe(200);
    expect(decodeJwtPayload(tokens.json<TokenSet>().access_token)).toMatchObject({ username: '1000001' });
  });

  it('24. expired token, wrong audience, alg none → 401; a token without user.write cannot write', async () => {
    const [key] = app.signingKeys.privateJwks.keys as [JWK];
    const signingKey = await importJWK(key, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    // the minted tokens name a real, live grant, so only the claim under test is wrong
    const live = decodeJwtPayload((await signIn('openid offline user.write')).access_token);
    const token = (claims: Record<string, unknown>) =>
      new SignJWT({
        iss: `${testOrigin}/oidc`,
        aud: `${testOrigin}/api`,
        sub: String(live.sub),
        grant_id: live['grant_id'],
        iat: now - 60,
        exp: now + 300,
        username: '1000001',
        client_id: 'fund-web',
        scope: 'user.write',
        ...claims,
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: String(key.kid) })
        .sign(signingKey);

    expect((await profile(await token({}))).statusCode).toBe(200);
    expect((await profile(await token({ exp: now - 1 }))).statusCode).toBe(401);
    expect((await profile(await token({ aud: 'https://other.example/api' }))).statusCode).toBe(401);
    expect((await profile(await token({ iss: 'https://other.example/oidc' }))).statusCode).toBe(401);
    expect((await profile(await token({ grant_id: 'no-such-grant' }))).statusCode).toBe(401);
    expect((await profile(await token({ grant_id: undefined }))).statusCode).toBe(401);
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...decodeJwtPayload(await token({})) })).toString('base64url'),
      '',
    ].join('.');
    const none = await profile(unsigned);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: '401-000' });
    expect((await profile('not-a-token')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/auth/v1/user/profile' })).statusCode).toBe(401);

    // a token accepted once (and so remembered as verified) is refused from its exp on; its exp is taken
    // from the clock now, not from the start of the test, which a busy machine may have left behind
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await token({ exp: expiresAt });
    expect((await profile(shortLived)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
    expect((await profile(shortLived)).statusCode).toBe(401);

    const readOnly = await signIn('openid offline user.session.revoke.self');
    expect(decodeJwtPayload(readOnly.access_token)['scope']).toBe('user.session.revoke.self');
    const write = await globalSignOut(readOnly.access_token);
    expect(write.statusCode).toBe(403);
    expect(String(write.headers['www-authenticate'])).toContain('insufficient_scope');
  });
});
