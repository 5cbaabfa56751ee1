// The calls to the identity service's OpenID provider, made with oauth4webapi (architecture.md §2). This
// module is only loaded on demand (sign-in, refresh, sign-out): a page load with a valid token needs none
// of it, so oauth4webapi stays out of the first-screen bundle. The contracts are imported as types only:
// their identity module also holds zod schemas, which a value import would pull into this chunk.

import type { IdentityPath, IdentityScope } from '@fund/contracts';
import * as oauth from 'oauth4webapi';
import { env } from '../../config/env';
import { toStoredTokenSet, type StoredTokenSet } from './token-store';

/** No call to the identity service may hang the session for good. */
const REQUEST_TIMEOUT_MS = 15_000;

const issuer = new URL(env.identityIssuer);
const client: oauth.Client = { client_id: env.oidcClientId };
/** A public client (PKCE, no secret). */
const clientAuth = oauth.None();

function requestOptions() {
  return {
    // oauth4webapi refuses plain http unless told; an http issuer is only ever configured for local
    // development and the browser tests (a production build sets an https VITE_IDENTITY_ISSUER)
    [oauth.allowInsecureRequests]: issuer.protocol === 'http:',
    signal: () => AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  };
}

let discovery: Promise<oauth.AuthorizationServer> | null = null;

/** The provider's metadata, fetched once per page load (a failed fetch is tried again next time). */
export function discover(): Promise<oauth.AuthorizationServer> {
  discovery ??= oauth
    .discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions() })
    .then((response) => oauth.processDiscoveryResponse(issuer, response))
    .catch((error: unknown) => {
      discovery = null;
      throw error;
    });
  return discovery;
}

type Scope = (typeof IdentityScope)[keyof typeof IdentityScope];
const defaultScopes: readonly Scope[] = ['openid', 'offline', 'user.write'];
const globalSignOutScope: Scope = 'user.session.revoke.self';

/** Spec §6: `openid offline user.write`, plus `user.session.revoke.self` when global sign-out is on. */
export function requestedScope(globalSignOut: boolean = env.globalSignOut): string {
  return (globalSignOut ? [...defaultScopes, globalSignOutScope] : defaultScopes).join(' ');
}

export interface AuthorizationRequest {
  readonly state: string;
  readonly codeChallenge: string;
}

/**
 * The sign-in screen's URL (spec §4 step 1): code flow with PKCE S256, a fresh sign-in every time
 * (`prompt=login`), and the provider's account-number sign-in page (`sign_in_mode=accountNumber`).
 */
export async function authorizationUrl({ state, codeChallenge }: AuthorizationRequest): Promise<string> {
  const as = await discover();
  if (as.authorization_endpoint === undefined) throw new Error('The provider has no authorization endpoint');
  const url = new URL(as.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: env.oidcRedirectUri,
    response_type: 'code',
    scope: requestedScope(),
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    state,
    prompt: 'login',
    sign_in_mode: 'accountNumber',
  }).toString();
  return url.href;
}

function storedTokens(response: oauth.TokenEndpointResponse): StoredTokenSet {
  const tokens = toStoredTokenSet(response);
  if (tokens === null) throw new Error('The token endpoint answered without an access token');
  return tokens;
}

/**
 * Exchanges the code of a return from sign-in (authorization_code grant with the code verifier). The
 * caller has already checked that the returned state equals the stored one; oauth4webapi checks it again,
 * together with the `iss` parameter and an `error` answer.
 */
export async function exchangeCode(
  returnUrl: URL,
  expectedState: string,
  codeVerifier: string,
): Promise<StoredTokenSet> {
  const as = await discover();
  const params = oauth.validateAuthResponse(as, client, returnUrl.searchParams, expectedState);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuth,
    params,
    env.oidcRedirectUri,
    codeVerifier,
    requestOptions(),
  );
  return storedTokens(await oauth.processAuthorizationCodeResponse(as, client, response));
}

/** A new token set for the refresh token (refresh_token grant; the provider rotates the refresh token). */
export async function refreshTokens(refreshToken: string): Promise<StoredTokenSet> {
  const as = await discover();
  const response = await oauth.refreshTokenGrantRequest(
    as,
    client,
    clientAuth,
    refreshToken,
    requestOptions(),
  );
  return storedTokens(await oauth.processRefreshTokenResponse(as, client, response));
}

/** Revokes the refresh token at the provider's revocation endpoint (RFC 7009), ending its grant. */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  const as = await discover();
  const response = await oauth.revocationRequest(as, client, clientAuth, refreshToken, {
    ...requestOptions(),
    additionalParameters: { token_type_hint: 'refresh_token' },
  });
  await oauth.processRevocationResponse(response);
}

/**
 * The identity API's global sign-out path, under its configured base URL (spec §7). The type fails the
 * typecheck if the contracts' path (under the default base /auth/v1) ever changes.
 */
type UnderIdentityApi<P extends string> = `/auth/v1${P}` extends typeof IdentityPath.sessionsRevokeGlobal
  ? P
  : never;
const globalSignOutPath: UnderIdentityApi<'/sessions/revoke/global'> = '/sessions/revoke/global';

/** Global sign-out (spec §7 token calls): ends every session of the customer, with the bearer header. */
export async function revokeAllSessions(accessToken: string): Promise<void> {
  const response = await fetch(`${env.identityApiBaseUrl}${globalSignOutPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    credentials: 'include',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Global sign-out answered ${response.status}`);
}
