// One public OpenID client (PKCE, no secret) made with oauth4webapi (architecture.md §2): the customer
// app's (/oidc, oidc-client.ts) and the operator console's (/oidc-admin, console/auth/operator-oidc.ts)
// differ only in issuer, client, return address and what they add to the sign-in URL. Loaded on demand
// only, so oauth4webapi stays out of the first-screen bundle.

import * as oauth from 'oauth4webapi';
import { toStoredTokenSet, type StoredTokenSet } from './token-store';

/** No call to an identity provider may hang the session for good. */
export const OIDC_REQUEST_TIMEOUT_MS = 15_000;

export interface PublicClientSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly redirectUri: string;
}

export interface PublicOidcClient {
  /** The provider's metadata, fetched once per page load (a failed fetch is tried again next time). */
  discover(): Promise<oauth.AuthorizationServer>;
  /** The sign-in page's URL: code flow with PKCE S256, plus the caller's parameters (scope, prompt, …). */
  authorizationUrl(parameters: Readonly<Record<string, string>>): Promise<string>;
  /**
   * Exchanges the code of a return from sign-in (authorization_code grant with the code verifier);
   * oauth4webapi checks the state again, together with the `iss` parameter and an `error` answer.
   */
  exchangeCode(returnUrl: URL, expectedState: string, codeVerifier: string): Promise<StoredTokenSet>;
  /** A new token set for the refresh token (the provider rotates the refresh token). */
  refreshTokens(refreshToken: string): Promise<StoredTokenSet>;
  /** Revokes the refresh token (RFC 7009), ending its grant. */
  revokeRefreshToken(refreshToken: string): Promise<void>;
}

function storedTokens(response: oauth.TokenEndpointResponse): StoredTokenSet {
  const tokens = toStoredTokenSet(response);
  if (tokens === null) throw new Error('The token endpoint answered without an access token');
  return tokens;
}

export function createPublicOidcClient(settings: PublicClientSettings): PublicOidcClient {
  const issuer = new URL(settings.issuer);
  const client: oauth.Client = { client_id: settings.clientId };
  const clientAuth = oauth.None();
  const requestOptions = () => ({
    // oauth4webapi refuses plain http unless told; an http issuer is only ever configured for local
    // development and the browser tests (a production build sets an https issuer)
    [oauth.allowInsecureRequests]: issuer.protocol === 'http:',
    signal: () => AbortSignal.timeout(OIDC_REQUEST_TIMEOUT_MS),
  });

  let discovery: Promise<oauth.AuthorizationServer> | null = null;
  const discover = () => {
    discovery ??= oauth
      .discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions() })
      .then((response) => oauth.processDiscoveryResponse(issuer, response))
      .catch((error: unknown) => {
        discovery = null;
        throw error;
      });
    return discovery;
  };

  return {
    discover,
    async authorizationUrl(parameters) {
      const as = await discover();
      if (as.authorization_endpoint === undefined) {
        throw new Error('The provider has no authorization endpoint');
      }
      const url = new URL(as.authorization_endpoint);
      url.search = new URLSearchParams({
        client_id: client.client_id,
        redirect_uri: settings.redirectUri,
        response_type: 'code',
        code_challenge_method: 'S256',
        ...parameters,
      }).toString();
      return url.href;
    },
    async exchangeCode(returnUrl, expectedState, codeVerifier) {
      const as = await discover();
      const params = oauth.validateAuthResponse(as, client, returnUrl.searchParams, expectedState);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        settings.redirectUri,
        codeVerifier,
        requestOptions(),
      );
      return storedTokens(await oauth.processAuthorizationCodeResponse(as, client, response));
    },
    async refreshTokens(refreshToken) {
      const as = await discover();
      const response = await oauth.refreshTokenGrantRequest(
        as,
        client,
        clientAuth,
        refreshToken,
        requestOptions(),
      );
      return storedTokens(await oauth.processRefreshTokenResponse(as, client, response));
    },
    async revokeRefreshToken(refreshToken) {
      const as = await discover();
      const response = await oauth.revocationRequest(as, client, clientAuth, refreshToken, {
        ...requestOptions(),
        additionalParameters: { token_type_hint: 'refresh_token' },
      });
      await oauth.processRevocationResponse(response);
    },
  };
}
