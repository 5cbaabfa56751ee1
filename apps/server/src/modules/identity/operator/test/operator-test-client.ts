import { randomBytes } from 'node:crypto';
import { adminClientId, OperatorIdentityPath } from '@fund/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../../../app.ts';
import { pkce, testOrigin, type Pkce, type TestBrowser } from '../../test/oidc-test-client.ts';

export const adminRedirectUri = `${testOrigin}/admin/`;
export const adminScope = 'openid offline admin';

export function adminAuthorizeUrl(verifier: Pkce, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: adminClientId,
    response_type: 'code',
    redirect_uri: adminRedirectUri,
    scope: adminScope,
    state: randomBytes(16).toString('base64url'),
    code_challenge: verifier.challenge,
    code_challenge_method: 'S256',
    prompt: 'login',
    ...extra,
  });
  return `${OperatorIdentityPath.oidc}/auth?${query.toString()}`;
}

/** The operator interaction's uid from a redirect to it. */
export function operatorInteractionUid(response: LightMyRequestResponse): string {
  const match = /\/auth\/v1\/operator\/interaction\/([A-Za-z0-9_-]+)/.exec(
    String(response.headers.location ?? ''),
  );
  if (match?.[1] === undefined) {
    throw new Error(
      `expected a redirect to an operator interaction, got ${response.statusCode} ${response.body.slice(0, 300)}`,
    );
  }
  return match[1];
}

/** Starts an operator sign-in: authorization request → the operator sign-in page's uid. */
export async function startOperatorSignIn(browser: TestBrowser, verifier: Pkce = pkce()): Promise<string> {
  const start = await browser.request('GET', adminAuthorizeUrl(verifier));
  return operatorInteractionUid(start);
}

/** Follows the redirects after a completed sign-in to the code at the admin redirect URI. */
export async function codeAfter(browser: TestBrowser, response: LightMyRequestResponse): Promise<string> {
  if (response.statusCode !== 303) {
    throw new Error(`expected 303, got ${response.statusCode}: ${response.body.slice(0, 500)}`);
  }
  const final = await browser.follow(response, adminRedirectUri);
  const code = new URL(String(final.headers.location)).searchParams.get('code');
  if (code === null)
    throw new Error(`no code: ${String(final.headers.location)} ${final.body.slice(0, 300)}`);
  return code;
}

export async function adminTokenRequest(
  app: App,
  form: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${OperatorIdentityPath.oidc}/token`,
    headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

export async function exchangeAdminCode(
  app: App,
  code: string,
  verifier: Pkce,
): Promise<LightMyRequestResponse> {
  return adminTokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: adminRedirectUri,
    code_verifier: verifier.verifier,
    client_id: adminClientId,
  });
}

/** Operator sign-in with a normal password through the real pages, to the token response. */
export async function operatorTokens(
  app: App,
  browser: TestBrowser,
  credentials: { loginId: string; password: string },
): Promise<LightMyRequestResponse> {
  const verifier = pkce();
  const uid = await startOperatorSignIn(browser, verifier);
  const posted = await browser.request('POST', `${OperatorIdentityPath.interaction}/${uid}/login`, {
    form: { login_id: credentials.loginId, password: credentials.password },
  });
  return exchangeAdminCode(app, await codeAfter(browser, posted), verifier);
}
