import { timingSafeEqual } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { isJwt, type ApiAccessTokenVerifier } from './api-access-token.ts';

/** The largest form body read here, as the provider's own limit. */
const bodyLimit = 56 * 1024;

async function readBody(ctx: KoaContextWithOIDC): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of ctx.req.iterator({ destroyOnReturn: false })) {
    received += (chunk as Buffer).length;
    if (received > bodyLimit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The client making the call (RFC 7662 §2.1): a public client by `client_id`, a confidential one with its secret. */
async function authenticatedClientId(
  provider: Provider,
  ctx: KoaContextWithOIDC,
  form: Record<string, string | string[] | undefined>,
): Promise<string | undefined> {
  let clientId = typeof form['client_id'] === 'string' ? form['client_id'] : undefined;
  let secret = typeof form['client_secret'] === 'string' ? form['client_secret'] : undefined;
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(ctx.get('authorization'));
  if (basic?.[1] !== undefined) {
    const [id = '', password = ''] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
    clientId = decodeURIComponent(id);
    secret = decodeURIComponent(password);
  }
  if (clientId === undefined) return undefined;
  const client = await provider.Client.find(clientId);
  if (client === undefined) return undefined;
  if (client.clientAuthMethod === 'none') return client.clientId;
  const expected = client.clientSecret;
  return secret !== undefined && expected !== undefined && sameSecret(secret, expected)
    ? client.clientId
    : undefined;
}

/**
 * Introspection of the provider's access tokens (RFC 7662). They are JWTs for the API (decision 006),
 * which oidc-provider refuses to introspect ("structured tokens"); this middleware answers for them at the
 * provider's endpoint (`/oidc/token/introspection`, and `/auth/v1/token/introspect`, which redirects
 * there): `active: true` with the token's claims when the token verifies (`ApiAccessTokenVerifier`) and
 * the caller is the client the token was issued to, `active: false` otherwise. Every other token (refresh
 * tokens) is left to the provider, which gets the form back as `req.body`.
 */
export function accessTokenIntrospection(options: {
  readonly provider: Provider;
  readonly verify: ApiAccessTokenVerifier;
}) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    if (ctx.method !== 'POST' || ctx.path !== '/token/introspection') return next();
    if (!ctx.is('application/x-www-form-urlencoded')) return next();
    const body = await readBody(ctx);
    if (body === undefined) {
      ctx.status = 413;
      ctx.body = { error: 'invalid_request', error_description: 'request entity too large' };
      return;
    }
    const form = parseQuery(body);
    const token = form['token'];
    if (typeof token !== 'string' || !isJwt(token)) {
      // the provider's body parser takes an already read body from req.body
      (ctx.req as typeof ctx.req & { body?: string }).body = body;
      return next();
    }
    ctx.set('cache-control', 'no-store');
    const clientId = await authenticatedClientId(options.provider, ctx, form);
    if (clientId === undefined) {
      ctx.status = 401;
      ctx.body = { error: 'invalid_client', error_description: 'client authentication failed' };
      return;
    }
    const payload = await options.verify(token);
    // a token that does not verify, or that another client holds, is simply not active (RFC 7662 §2.2)
    ctx.body =
      payload === undefined || payload['client_id'] !== clientId
        ? { active: false }
        : {
            active: true,
            token_type: 'Bearer',
            client_id: payload['client_id'],
            sub: payload.sub,
            username: payload['username'],
            scope: payload['scope'],
            iss: payload.iss,
            aud: payload.aud,
            exp: payload.exp,
            iat: payload.iat,
            jti: payload.jti,
          };
  };
}
