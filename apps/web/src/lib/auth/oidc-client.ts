// The calls to the identity service's OpenID provider, made with oauth4webapi (architecture.md §2). This
// module is only loaded on demand (sign-in, refresh, sign-out): a page load with a valid token needs none
// of it, so oauth4webapi stays out of the first-screen bundle. The contracts are imported as types only:
// their identity module also holds zod schemas, which a value import would pull into this chunk.

import type { IdentityPath, IdentityScope, SignInNotice } from '@fund/contracts';
import { env } from '../../config/env';
import { createPublicOidcClient, OIDC_REQUEST_TIMEOUT_MS } from './oidc-public-client';

const provider = createPublicOidcClient({
  issuer: env.identityIssuer,
  clientId: env.oidcClientId,
  redirectUri: env.oidcRedirectUri,
});

type Scope = (typeof IdentityScope)[keyof typeof IdentityScope];
const defaultScopes: readonly Scope[] = ['openid', 'offline', 'user.write'];
const globalSignOutScope: Scope = 'user.session.revoke.self';

/** Spec §6: `openid offline user.write`, plus `user.session.revoke.self` when global sign-out is on. */
export function requestedScope(globalSignOut: boolean = env.globalSignOut): string {
  return (globalSignOut ? [...defaultScopes, globalSignOutScope] : defaultScopes).join(' ');
}

/** A 口座番号: the only login hint the sign-in page takes. */
const accountNumberPattern = /^\d{7}$/;

export interface AuthorizationRequest {
  readonly state: string;
  readonly codeChallenge: string;
  /** Why the customer must sign in again, shown by the sign-in page itself (contracts `signInNoticeParam`). */
  readonly notice?: SignInNotice;
  /** A 口座番号 to fill in on the sign-in page (`login_hint`); anything but 7 digits is left out. */
  readonly loginHint?: string;
}

/**
 * The sign-in screen's URL (spec §4 step 1): code flow with PKCE S256, a fresh sign-in every time
 * (`prompt=login`), and the provider's account-number sign-in page (`sign_in_mode=accountNumber`).
 */
export function authorizationUrl({
  state,
  codeChallenge,
  notice,
  loginHint,
}: AuthorizationRequest): Promise<string> {
  return provider.authorizationUrl({
    scope: requestedScope(),
    code_challenge: codeChallenge,
    state,
    prompt: 'login',
    sign_in_mode: 'accountNumber',
    ...(notice === undefined ? {} : { sign_in_notice: notice }),
    ...(loginHint !== undefined && accountNumberPattern.test(loginHint) ? { login_hint: loginHint } : {}),
  });
}

/** The code of a return from sign-in, exchanged (the caller has checked the state; the library again). */
export const exchangeCode = provider.exchangeCode;

/** A new token set for the refresh token (refresh_token grant; the provider rotates the refresh token). */
export const refreshTokens = provider.refreshTokens;

/** Revokes the refresh token at the provider's revocation endpoint (RFC 7009), ending its grant. */
export const revokeRefreshToken = provider.revokeRefreshToken;

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
    signal: AbortSignal.timeout(OIDC_REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Global sign-out answered ${response.status}`);
}
