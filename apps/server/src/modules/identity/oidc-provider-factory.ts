import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Database } from '@fund/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, {
  errors,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { grantIdClaim } from '../../plugins/grant-liveness.ts';
import type { SigningKeys } from '../../plugins/signing-keys.plugin.ts';
import { forwardedHeadersAsTrusted } from './forwarded-headers.ts';
import { errorPage, logoutDonePage, logoutPage } from './interaction-pages.ts';
import { useJapaneseFormPost } from './japanese-form-post.ts';
import { OidcPayloadAdapter } from './oidc-payload.repository.ts';

/**
 * One OpenID provider factory for both pools of people who sign in: the customers (/oidc) and the
 * operators (/oidc-admin). What the pools share (code + PKCE only, rotating refresh tokens with an
 * absolute end, JWT access tokens for one API, the same short-lived codes, sessions and interactions,
 * Japanese pages) is written here once; what tells them apart is a ProviderPool.
 */

/** Codes are exchanged right after the redirect; 60 s (security.md 4). */
export const authorizationCodeTtlSeconds = 60;
/** The provider's own sign-in session (cookie): short, as the clients ask for `prompt=login` anyway. */
const sessionTtlSeconds = 60 * 60;
const interactionTtlSeconds = 10 * 60;

type Features = NonNullable<Configuration['features']>;
export type DeviceFlowPages = Omit<NonNullable<Features['deviceFlow']>, 'enabled'>;

export interface ProviderPool {
  /** Issuer of the pool's tokens: the public origin and the path the provider is mounted under. */
  readonly issuer: string;
  /** Prefix of the pool's records in oidc_payloads, so that the pools' storage never mixes. */
  readonly modelPrefix: string;
  readonly clients: ClientMetadata[];
  /** The cookie secrets (each pool its own, so one pool's cookie never verifies at the other). */
  readonly cookieKeys: string[];
  /** The provider's cookie names, where the pool must not use the library's defaults. */
  readonly cookieNames?: { readonly session: string; readonly interaction: string; readonly resume: string };
  /** Origins whose browsers may call the provider's endpoints (token, revocation, …). */
  readonly corsOrigins: ReadonlySet<string>;
  /** The API (resource server) the pool's access tokens are for, and the scope they carry there. */
  readonly resource: { readonly indicator: string; readonly scope: string };
  readonly accessTokenTtlSeconds: number;
  /** Absolute lifetime of a refresh-token chain: rotation never extends it. */
  readonly refreshTokenAbsoluteTtlSeconds: number;
  /** Claims of the ID token under the `openid` scope. */
  readonly idTokenClaims: string[];
  /** The pool's sign-in page for one interaction. */
  readonly interactionPath: (uid: string) => string;
  /** Whether `sub` is someone of this pool who may hold a session. */
  readonly accountExists: (sub: string) => Promise<boolean>;
  /** The claims the pool adds to its access tokens (the grant id is added here); undefined: none. */
  readonly tokenClaims: (accountId: string) => Promise<Record<string, unknown> | undefined>;
  /** Japanese title and text of the provider's error page for an OAuth error code. */
  readonly errorPageText: (error: string) => { title: string; message: string };
  /** Authorization request parameters of the pool's own, with their checks. */
  readonly extraParams?: Configuration['extraParams'];
  readonly userinfo: boolean;
  /** With a token, clients may register themselves (dynamic registration); without, they may not. */
  readonly registrationAccessToken?: string;
  /** The device flow (RFC 8628), where the pool offers it: its codes' lifetime and its pages. */
  readonly deviceFlow?: { readonly codeTtlSeconds: number; readonly pages: DeviceFlowPages };
  /**
   * The sign-out confirmation's form ends at the client's post_logout_redirect_uri after redirects;
   * CSP form-action covers redirects, so that origin is added to the page's policy.
   */
  readonly allowPostLogoutRedirectInForm: boolean;
}

export interface PoolProviderDependencies {
  readonly keys: SigningKeys;
  readonly db: Database;
  /** Koa's `proxy`: read X-Forwarded-Proto/Host/For (TRUST_PROXY). */
  readonly trustProxy: boolean;
}

/** The algorithm of the first (signing) key; ES256 for the generated development key. */
export function signingAlgorithm(
  keys: SigningKeys,
): 'ES256' | 'ES384' | 'ES512' | 'PS256' | 'RS256' | 'EdDSA' {
  const [key] = keys.privateJwks.keys;
  if (key?.alg !== undefined && ['ES256', 'ES384', 'ES512', 'PS256', 'RS256', 'EdDSA'].includes(key.alg)) {
    return key.alg as 'ES256';
  }
  if (key?.kty === 'RSA') return 'PS256';
  if (key?.kty === 'OKP') return 'EdDSA';
  if (key?.crv === 'P-384') return 'ES384';
  if (key?.crv === 'P-521') return 'ES512';
  return 'ES256';
}

export function setHtml(ctx: KoaContextWithOIDC, html: string): void {
  ctx.type = 'html';
  ctx.body = html;
}

/** Adds the origin a page's form ends up at after redirects (CSP form-action also covers redirects). */
function allowFormTarget(ctx: KoaContextWithOIDC, target: unknown): void {
  const origin = typeof target === 'string' ? URL.parse(target)?.origin : undefined;
  const csp = ctx.response.get('content-security-policy');
  if (origin === undefined || origin === 'null' || csp === '') return;
  ctx.set(
    'content-security-policy',
    csp.replace(/form-action ([^;]*)/, (_match, sources: string) => `form-action ${sources} ${origin}`),
  );
}

export function createPoolProvider(pool: ProviderPool, dependencies: PoolProviderDependencies): Provider {
  const { keys, db } = dependencies;
  const alg = signingAlgorithm(keys);
  const resource = pool.resource.indicator;
  const refreshTokenAbsoluteTtlSeconds = pool.refreshTokenAbsoluteTtlSeconds;

  const configuration: Configuration = {
    // The library keeps time with Date.now() (not the app's clock); the adapter's expiry filter agrees.
    adapter: (name: string) => new OidcPayloadAdapter(`${pool.modelPrefix}${name}`, db, () => new Date()),
    clients: pool.clients,
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: alg,
    },
    jwks: { keys: keys.privateJwks.keys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      ...(pool.cookieNames === undefined ? {} : { names: { ...pool.cookieNames } }),
      keys: pool.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    responseTypes: ['code'],
    scopes: ['openid', 'offline'],
    ...(pool.extraParams === undefined ? {} : { extraParams: pool.extraParams }),
    claims: { openid: pool.idTokenClaims },
    // PKCE for every client, S256 only (oidc-provider 9 implements no other method).
    pkce: { required: () => true },
    ttl: {
      AccessToken: pool.accessTokenTtlSeconds,
      AuthorizationCode: authorizationCodeTtlSeconds,
      IdToken: pool.accessTokenTtlSeconds,
      ...(pool.deviceFlow === undefined ? {} : { DeviceCode: pool.deviceFlow.codeTtlSeconds }),
      Interaction: interactionTtlSeconds,
      Session: sessionTtlSeconds,
      Grant: refreshTokenAbsoluteTtlSeconds,
      // `iiat` is the first token's issue time and is copied to every rotated successor, so the chain
      // ends at iiat + the absolute lifetime however often it rotates.
      RefreshToken: (_ctx, token) => {
        const now = Math.floor(Date.now() / 1000);
        const initialIssue = (token as { iiat?: number }).iiat ?? now;
        return Math.max(1, initialIssue + refreshTokenAbsoluteTtlSeconds - now);
      },
    },
    // The spec's `offline` scope (not the library's `offline_access`) is what yields a refresh token.
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline'),
    expiresWithSession: (_ctx, code) => !code.scopes.has('offline'),
    // Rotate on every use; replaying a used refresh token revokes the whole grant (library behaviour).
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => pool.corsOrigins.has(origin),
    findAccount: async (_ctx, sub) => {
      if (!(await pool.accountExists(sub))) return undefined;
      return { accountId: sub, claims: () => ({ sub }) };
    },
    extraTokenClaims: async (_ctx, token) => {
      const accountId = (token as { accountId?: string }).accountId;
      if (accountId === undefined) return undefined;
      const claims = await pool.tokenClaims(accountId);
      if (claims === undefined) return undefined;
      const grantId = (token as { grantId?: string }).grantId;
      return { ...claims, ...(grantId === undefined ? {} : { [grantIdClaim]: grantId }) };
    },
    interactions: { url: (_ctx, interaction) => pool.interactionPath(interaction.uid) },
    renderError: (ctx, out) => {
      const { title, message } = pool.errorPageText(out.error);
      ctx.type = 'html';
      ctx.body = errorPage(title, `${message}（エラーコード: ${out.error}）`);
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: pool.userinfo },
      revocation: {
        enabled: true,
        // Only the client a token was issued to may revoke it; others get the normal 200 and no effect.
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      registration:
        pool.registrationAccessToken === undefined
          ? { enabled: false }
          : { enabled: true, initialAccessToken: pool.registrationAccessToken },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          if (pool.allowPostLogoutRedirectInForm) {
            allowFormTarget(ctx, ctx.oidc.params?.['post_logout_redirect_uri']);
          }
          setHtml(ctx, logoutPage(form));
        },
        postLogoutSuccessSource: (ctx) => setHtml(ctx, logoutDonePage()),
      },
      deviceFlow:
        pool.deviceFlow === undefined ? { enabled: false } : { enabled: true, ...pool.deviceFlow.pages },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: pool.resource.scope,
            audience: resource,
            accessTokenTTL: pool.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg } },
          };
        },
      },
    },
  };

  const provider = new Provider(pool.issuer, configuration);
  provider.proxy = dependencies.trustProxy;
  useJapaneseFormPost(provider);
  return provider;
}

/**
 * Serves a provider (a Koa app) under `path` of the Fastify app, and sends its errors to our log (Koa
 * would print those that escape the provider with console.error). `name` names it in the log.
 */
export async function mountPoolProvider(
  app: FastifyInstance,
  provider: Provider,
  mount: { readonly path: string; readonly name: string },
): Promise<void> {
  (provider as unknown as EventEmitter).on('error', (error: unknown) =>
    app.log.error({ err: error }, `${mount.name} error`),
  );
  provider.on('server_error', (_ctx: unknown, error: unknown) =>
    app.log.error({ err: error }, `${mount.name} server error`),
  );

  await app.register(async (oidc) => {
    // The provider reads request bodies itself; Fastify must leave the stream untouched.
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = reply.raw;
      // Helmet's headers (CSP with frame-ancestors 'none', HSTS, …) are already on the raw response; the
      // ones Fastify holds until it sends (request id) and those of our onSend hook are copied here.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.setHeader('x-robots-tag', 'noindex, nofollow');
      raw.setHeader('cache-control', 'no-store');
      forwardedHeadersAsTrusted(request);
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      // The provider routes on the path below its mount point and finds the mount point in originalUrl.
      req.originalUrl = req.url;
      req.url = (req.url ?? '/').slice(mount.path.length) || '/';
      await callback(req, raw);
    };
    oidc.all(mount.path, { schema: { hide: true } }, handOver);
    oidc.all(`${mount.path}/*`, { schema: { hide: true } }, handOver);
  });
}
