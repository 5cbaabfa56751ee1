import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { grantIdClaim } from '../../plugins/grant-liveness.ts';
import { isJwt, type ApiAccessTokenVerifier } from './api-access-token.ts';

/**
 * The UserInfo endpoint (OpenID Connect Core §5.3) for the access tokens we issue. Every token a client
 * receives is a JWT for the API (decision 006), and oidc-provider answers userinfo only for opaque tokens
 * without an audience: a standard client that signed in and read userinfo got 401. This middleware answers
 * `/oidc/me` for a bearer JWT that verifies and whose grant holds `openid`, with the claims it gives (openid:
 * `sub`); any other request (no bearer header, an opaque token) is left to the provider.
 */
export function accessTokenUserinfo(options: {
  readonly provider: Provider;
  readonly verify: ApiAccessTokenVerifier;
  /** Whether the token's subject is still a customer of ours (the provider's `findAccount`). */
  readonly accountExists: (sub: string) => Promise<boolean>;
}) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'POST') || ctx.path !== '/me') return next();
    const token = /^Bearer ([^\s]+)$/i.exec(ctx.get('authorization'))?.[1];
    if (token === undefined || !isJwt(token)) return next();
    ctx.set('cache-control', 'no-store');
    // public by design, like the provider's own userinfo: a bearer token, never cookies
    ctx.set('access-control-allow-origin', '*');
    const payload = await options.verify(token);
    const sub = payload?.sub;
    if (payload === undefined || sub === undefined || !(await options.accountExists(sub))) {
      refuse(ctx, 401, 'invalid_token', 'invalid token provided');
      return;
    }
    // the API token carries the API's scopes; the OpenID scopes the customer granted are on its grant
    const grant = await options.provider.Grant.find(String(payload[grantIdClaim]));
    if (!(grant?.getOIDCScope().split(' ').includes('openid') ?? false)) {
      refuse(ctx, 403, 'insufficient_scope', 'access token missing openid scope');
      return;
    }
    ctx.body = { sub };
  };
}

/** RFC 6750 §3: the error in the body and in WWW-Authenticate. */
function refuse(ctx: KoaContextWithOIDC, status: 401 | 403, error: string, description: string): void {
  ctx.status = status;
  ctx.set(
    'www-authenticate',
    `Bearer realm="${ctx.host}", error="${error}", error_description="${description}"`,
  );
  ctx.body = { error, error_description: description };
}
