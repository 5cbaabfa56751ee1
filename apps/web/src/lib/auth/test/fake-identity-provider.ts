import { vi } from 'vitest';
import { env } from '../../../config/env';
import { fakeAccessToken } from './fake-jwt';

/** One request the fake saw. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly form: URLSearchParams;
}

export interface FakeProviderOptions {
  /** The code the fake sign-in issued and the verifier it expects with it. */
  readonly code?: string;
  readonly codeVerifier?: string;
  /** Refresh tokens the token endpoint accepts (each once: rotation). */
  readonly refreshTokens?: readonly string[];
  /** Milliseconds the token endpoint takes to answer. */
  readonly tokenDelayMs?: number;
  /** The maintenance status answer. */
  readonly maintenance?: boolean;
}

export const issuer = env.identityIssuer;
export const endpoints = {
  discovery: `${issuer}/.well-known/openid-configuration`,
  authorization: `${issuer}/auth`,
  token: `${issuer}/token`,
  revocation: `${issuer}/token/revocation`,
  globalSignOut: `${env.identityApiBaseUrl}/sessions/revoke/global`,
};

/**
 * A fake of the identity service's OpenID provider (and the maintenance status), installed as the global
 * fetch: no request leaves the test. It answers discovery, the two grants, revocation and global sign-out,
 * and records every request.
 */
export function installFakeProvider(options: FakeProviderOptions = {}) {
  const seen: SeenRequest[] = [];
  const refreshTokens = new Set(options.refreshTokens ?? []);
  let issued = 0;

  const tokenSet = () => {
    issued += 1;
    const refreshToken = `rt-${issued}`;
    refreshTokens.add(refreshToken);
    return {
      access_token: fakeAccessToken(600),
      token_type: 'Bearer',
      expires_in: 600,
      refresh_token: refreshToken,
      scope: 'openid offline user.write',
    };
  };
  const oauthError = (error: string) => Response.json({ error }, { status: 400 });

  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? 'GET';
    const form = new URLSearchParams(
      typeof init?.body === 'string' ? init.body : (init?.body as URLSearchParams),
    );
    seen.push({ method, url, headers: new Headers(init?.headers), form });

    if (url === endpoints.discovery) {
      return Response.json({
        issuer,
        authorization_endpoint: endpoints.authorization,
        token_endpoint: endpoints.token,
        revocation_endpoint: endpoints.revocation,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: false,
      });
    }
    if (url === endpoints.token) {
      if (options.tokenDelayMs !== undefined) await new Promise((r) => setTimeout(r, options.tokenDelayMs));
      const grant = form.get('grant_type');
      if (grant === 'authorization_code') {
        if (form.get('code') !== options.code || form.get('code_verifier') !== options.codeVerifier) {
          return oauthError('invalid_grant');
        }
        return Response.json(tokenSet());
      }
      if (grant === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        if (!refreshTokens.delete(token)) return oauthError('invalid_grant');
        return Response.json(tokenSet());
      }
      return oauthError('unsupported_grant_type');
    }
    if (url === endpoints.revocation) return new Response(null, { status: 200 });
    if (url === endpoints.globalSignOut) return new Response(null, { status: 204 });
    if (url.endsWith('/maintenance/status')) {
      return options.maintenance === true
        ? Response.json({ code: '503-000', message: '現在メンテナンス中です' }, { status: 503 })
        : Response.json({ status: 'ok' });
    }
    return new Response(null, { status: 404 });
  });

  vi.stubGlobal('fetch', fetchFake);
  return {
    seen,
    fetch: fetchFake,
    /** Requests to the token endpoint: the ones that must never leave on a bad state. */
    tokenRequests: () => seen.filter((request) => request.url === endpoints.token),
  };
}
