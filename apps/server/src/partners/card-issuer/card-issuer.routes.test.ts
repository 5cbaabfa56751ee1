import { CardIssuerPath, cardIssuerClientId } from '@fund/contracts/paths';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import {
  answerAuthorize,
  answerMfa,
  authorizationCode,
  authorizeFields,
  authorizeRedirectUri,
  mfaRedirectUri,
} from '../../test/card-issuer-flow.ts';
import { buildTestApp } from '../../test/test-app.ts';

const startup = 60_000;
let app: App;

beforeAll(async () => {
  app = await buildTestApp();
}, startup);

afterAll(async () => {
  await app?.close();
});

function formPost(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function onetimeToken(): Promise<string> {
  const code = await authorizationCode(app);
  const response = await formPost(CardIssuerPath.token, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: authorizeRedirectUri(app),
    client_id: cardIssuerClientId,
  });
  return response.json<{ onetime_token: string }>().onetime_token;
}

describe('card issuer simulator: authorize screen', { timeout: startup }, () => {
  it('shows the four choices in Japanese with the received values escaped', async () => {
    const query = new URLSearchParams({ ...authorizeFields(app, '<script>alert(1)</script>') });
    const response = await app.inject({ method: 'GET', url: `${CardIssuerPath.authorize}?${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    for (const label of [
      '連携を許可する（ポイント対象カード）',
      '連携を許可する（ポイント対象外のカード）',
      '連携を許可しない',
      'カードサービスをメンテナンス中にする',
    ]) {
      expect(response.body).toContain(label);
    }
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    ['an unknown client id', { client_id: 'someone-else' }, 'client_id'],
    ['a response type other than code', { response_type: 'token' }, 'response_type'],
    ['a scope without openid', { scope: 'profile' }, 'openid'],
    ['no state', { state: '' }, 'state'],
    [
      'a callback other than the app’s /saisonConnect',
      { redirect_uri: 'https://evil.example/saisonConnect' },
      'redirect_uri',
    ],
  ])('refuses %s with a 400 page and never redirects', async (_, override, named) => {
    const query = new URLSearchParams({ ...authorizeFields(app), ...override });
    const response = await app.inject({ method: 'GET', url: `${CardIssuerPath.authorize}?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(named);
    expect(response.headers.location).toBeUndefined();
  });

  it('returns to /saisonConnect with a code and the state when the customer allows the link', async () => {
    const answer = await answerAuthorize(app, 'points-card', 'state-abc');
    expect(answer.status).toBe(303);
    expect(answer.location?.startsWith(`${authorizeRedirectUri(app)}?`)).toBe(true);
    expect(answer.query.get('state')).toBe('state-abc');
    expect(answer.query.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('returns error=access_denied when the customer refuses', async () => {
    const answer = await answerAuthorize(app, 'refuse', 'state-r');
    expect(answer.query.get('error')).toBe('access_denied');
    expect(answer.query.get('state')).toBe('state-r');
    expect(answer.query.get('code')).toBeNull();
  });

  it('puts the service in maintenance (temporarily_unavailable, status, a maintenance page) until it is ended', async () => {
    const answer = await answerAuthorize(app, 'maintenance');
    expect(answer.query.get('error')).toBe('temporarily_unavailable');
    expect((await app.inject({ method: 'GET', url: CardIssuerPath.status })).json()).toEqual({
      maintenance: true,
    });
    const page = await app.inject({
      method: 'GET',
      url: `${CardIssuerPath.authorize}?${new URLSearchParams(authorizeFields(app))}`,
    });
    expect(page.body).toContain('ただいまメンテナンス中です');
    expect((await answerAuthorize(app, 'points-card')).query.get('error')).toBe('temporarily_unavailable');
    await answerAuthorize(app, 'end-maintenance');
    expect((await app.inject({ method: 'GET', url: CardIssuerPath.status })).json()).toEqual({
      maintenance: false,
    });
  });

  it('refuses a form posted from another origin', async () => {
    const response = await formPost(
      CardIssuerPath.authorize,
      { ...authorizeFields(app), action: 'points-card' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });
});

describe('card issuer simulator: token endpoint and multi-factor screen', { timeout: startup }, () => {
  it('exchanges a code once, for its redirect URI and the app’s client id only', async () => {
    const code = await authorizationCode(app);
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: authorizeRedirectUri(app),
      client_id: 'someone-else',
    };
    expect((await formPost(CardIssuerPath.token, fields)).statusCode).toBe(401);
    const wrongUri = await formPost(CardIssuerPath.token, {
      ...fields,
      client_id: cardIssuerClientId,
      redirect_uri: 'https://evil.example/saisonConnect',
    });
    expect(wrongUri.json()).toEqual({ error: 'invalid_grant' });
    // the failed attempt used the code up
    const again = await formPost(CardIssuerPath.token, { ...fields, client_id: cardIssuerClientId });
    expect(again.json()).toEqual({ error: 'invalid_grant' });

    const fresh = await authorizationCode(app);
    const ok = await formPost(CardIssuerPath.token, {
      ...fields,
      code: fresh,
      client_id: cardIssuerClientId,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', scope: 'openid', mfa_required: true });
  });

  it('shows the multi-factor screen for a pending onetime token and returns to /saisonConnect/mfa with the state', async () => {
    const token = await onetimeToken();
    const query = new URLSearchParams({
      onetime_token: token,
      state: 's-1',
      redirect_uri: mfaRedirectUri(app),
    });
    const page = await app.inject({ method: 'GET', url: `${CardIssuerPath.mfa}?${query}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('認証する');
    expect(page.body).toContain('認証に失敗する');
    // shown shortened; whole only in the form's hidden field that posts it back
    expect(page.body).toContain(`${token.slice(0, 8)}…（先頭8文字のみ表示）`);

    const answer = await answerMfa(app, token, 'success', 's-1');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`${mfaRedirectUri(app)}?state=s-1`);
    const result = await formPost(CardIssuerPath.mfaResult, {
      onetime_token: token,
      client_id: cardIssuerClientId,
    });
    expect(result.json()).toMatchObject({
      card: { name: 'セゾンカードインターナショナル', points_card: true },
    });
    // good once
    const twice = await formPost(CardIssuerPath.mfaResult, {
      onetime_token: token,
      client_id: cardIssuerClientId,
    });
    expect(twice.json()).toEqual({ error: 'mfa_not_completed' });
  });

  it('returns error=mfa_failed when the MFA fails, and never gives the card for that token', async () => {
    const token = await onetimeToken();
    const answer = await answerMfa(app, token, 'fail', 's-2');
    expect(answer.headers.location).toBe(`${mfaRedirectUri(app)}?state=s-2&error=mfa_failed`);
    const result = await formPost(CardIssuerPath.mfaResult, {
      onetime_token: token,
      client_id: cardIssuerClientId,
    });
    expect(result.statusCode).toBe(400);
  });

  it('refuses the multi-factor screen for an unknown token or a foreign callback', async () => {
    const unknown = new URLSearchParams({
      onetime_token: 'nope',
      state: 's',
      redirect_uri: mfaRedirectUri(app),
    });
    expect((await app.inject({ method: 'GET', url: `${CardIssuerPath.mfa}?${unknown}` })).statusCode).toBe(
      400,
    );
    const token = await onetimeToken();
    const foreign = new URLSearchParams({
      onetime_token: token,
      state: 's',
      redirect_uri: 'https://evil.example/',
    });
    expect((await app.inject({ method: 'GET', url: `${CardIssuerPath.mfa}?${foreign}` })).statusCode).toBe(
      400,
    );
  });
});

describe('card issuer simulator switched off', { timeout: startup }, () => {
  it('is not served with PARTNER_SIMULATORS=off', async () => {
    const off = await buildTestApp({ env: { PARTNER_SIMULATORS: 'off' } });
    try {
      for (const url of [CardIssuerPath.authorize, CardIssuerPath.mfa, CardIssuerPath.status]) {
        expect((await off.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      expect((await off.inject({ method: 'POST', url: CardIssuerPath.token })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('is not served in production, where the simulators are off by default', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', kid: 'production-test' };
    const production = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        // no sign-in here: no code is mailed, so no mail server is needed
        SIGN_IN_SECOND_FACTOR_REQUIRED: 'off',
        OIDC_JWKS: JSON.stringify({ keys: [jwk] }),
        OIDC_COOKIE_KEYS: 'c'.repeat(32),
        MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        PARTNER_HASH_KEY: 'p'.repeat(40),
        FUND_FEED_KEYS: 'f'.repeat(40),
        PARTNER_INBOUND_KEYS: 'i'.repeat(40),
        CARD_ISSUER_API_URL: 'https://api.card.example.jp/v1',
        PARTNER_TRADE_REPORTS_URL: 'https://reports.example.jp/fund',
      },
    });
    try {
      const response = await production.inject({ method: 'GET', url: CardIssuerPath.authorize });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: '404-000' });
    } finally {
      await production.close();
    }
  });
});
