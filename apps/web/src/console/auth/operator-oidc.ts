// The calls to the operators' OpenID provider (/oidc-admin, decision 006): the same public client as the
// customer app's (lib/auth/oidc-public-client.ts), with the console's issuer, client and return address.
import { createPublicOidcClient } from '../../lib/auth/oidc-public-client';
import { consoleEnv } from './console-env';

/** `openid offline admin` (contracts OperatorScope): the admin API with a refresh token. */
export const operatorScope = 'openid offline admin';

const provider = createPublicOidcClient({
  issuer: consoleEnv.issuer,
  clientId: consoleEnv.clientId,
  redirectUri: consoleEnv.redirectUri,
});

/** The operator sign-in page's URL: code flow with PKCE S256 and a fresh sign-in every time. */
export function operatorAuthorizationUrl(state: string, codeChallenge: string): Promise<string> {
  return provider.authorizationUrl({
    scope: operatorScope,
    code_challenge: codeChallenge,
    state,
    prompt: 'login',
  });
}

export const exchangeOperatorCode = provider.exchangeCode;

export const refreshOperatorTokens = provider.refreshTokens;

/** Ends the operator's grant at the provider (RFC 7009): its access tokens are refused within seconds. */
export const revokeOperatorRefreshToken = provider.revokeRefreshToken;
