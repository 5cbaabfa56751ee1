import { createHmac, randomBytes } from 'node:crypto';
import { SignInNotice, signInNoticeParam, webClientId } from '@fund/contracts';
import type { Database } from '@fund/db';
import Provider, {
  errors,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { IdentityConfig } from '../../config/identity-config.ts';
import { apiResource, grantIdClaim, oidcIssuer } from '../../plugins/auth.plugin.ts';
import type { SigningKeys } from '../../plugins/signing-keys.plugin.ts';
import { accessTokenIntrospection } from './access-token-introspection.ts';
import { accessTokenUserinfo } from './access-token-userinfo.ts';
import { apiAccessTokenVerifier } from './api-access-token.ts';
import { unauthorizedClientError } from './unauthorized-client-error.ts';
import {
  deviceConfirmPage,
  deviceInputPage,
  deviceSuccessPage,
  errorPage,
  logoutDonePage,
  logoutPage,
  signInMessages,
} from './interaction-pages.ts';
import { useJapaneseFormPost } from './japanese-form-post.ts';
import { OidcPayloadAdapter } from './oidc-payload.repository.ts';
import {
  securityPagesCallbackPath,
  securityPagesClientId,
  securityPagesSecrets,
} from './security-pages/security-pages-secrets.ts';
import { findAccountNumber } from './sign-in.repository.ts';

/** OAuth clients known from configuration (dynamic registration adds others). */
export const deviceClientId = 'fund-device';
/** Clients of our own: they skip the consent page (the customer signs in to our own service). */
export const firstPartyClientIds: ReadonlySet<string> = new Set([webClientId, securityPagesClientId]);

/** Scopes of the API (resource server); `openid` and `offline` are OpenID scopes of the provider. */
export const apiScopes = ['user.write', 'user.session.revoke.self'] as const;

/** ≤ 15 min (security.md 6); the web app refreshes before each call when the token has expired. */
export const accessTokenTtlSeconds = 10 * 60;
/** Codes are exchanged right after the redirect; 60 s (security.md 4). */
export const authorizationCodeTtlSeconds = 60;
/** Absolute lifetime of a refresh-token chain: rotation never extends it (security.md 6). */
export const refreshTokenAbsoluteTtlSeconds = 30 * 24 * 60 * 60;
/** The provider's own sign-in session (cookie): short, as the web app asks for `prompt=login` anyway. */
const sessionTtlSeconds = 60 * 60;
const interactionTtlSeconds = 10 * 60;
const deviceCodeTtlSeconds = 10 * 60;

/**
 * The web app's sign-in request names how the customer signs in (spec §4: by account number). Our
 * sign-in page is the account-number page anyway; another mode is refused rather than silently ignored.
 */
export const signInModeParam = 'sign_in_mode';
export const signInModes: readonly string[] = ['accountNumber'];

/**
 * `device_id` (spec §4 step 2): a stable random id per browser, kept in a long-lived httpOnly cookie of
 * the identity service and added to the web app's authorization response, so the app can tell its
 * devices apart (e.g. in the sign-in history) without fingerprinting.
 */
export const deviceIdParam = 'device_id';
export const deviceIdCookie = 'fund_device_id';
const deviceIdCookieMaxAgeMs = 400 * 24 * 60 * 60 * 1000; // the longest lifetime browsers allow
const deviceIdPattern = /^[A-Za-z0-9_-]{22,64}$/;

/** Adds `device_id` to a redirect that brings an authorization code to one of `redirectUris`. */
function withDeviceId(location: string, redirectUris: readonly string[], deviceId: string): string {
  const url = URL.parse(location);
  if (url === null || !url.searchParams.has('code') || url.searchParams.has(deviceIdParam)) return location;
  const target = `${url.origin}${url.pathname}`;
  const matches = redirectUris.some((uri) => {
    const redirect = URL.parse(uri);
    return redirect !== null && `${redirect.origin}${redirect.pathname}` === target;
  });
  if (!matches) return location;
  url.searchParams.append(deviceIdParam, deviceId);
  return url.href;
}

export function interactionPath(uid: string): string {
  return `/auth/v1/interaction/${uid}`;
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

/**
 * Without OIDC_COOKIE_KEYS (development, tests) the cookie secret is derived from the private signing
 * key: as stable as the key file and shared by every process that shares it.
 */
function cookieKeys(identity: IdentityConfig, keys: SigningKeys): string[] {
  if (identity.cookieKeys !== undefined) return [...identity.cookieKeys];
  const secret = JSON.stringify(keys.privateJwks.keys[0] ?? {});
  return [createHmac('sha256', secret).update('oidc-provider cookie keys').digest('base64url')];
}

function setHtml(ctx: KoaContextWithOIDC, html: string): void {
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

/** Japanese text for the provider's error pages; the OAuth error code stays visible for support. */
function errorPageMessage(error: string): { title: string; message: string } {
  switch (error) {
    case 'invalid_redirect_uri':
    case 'invalid_client':
    case 'unauthorized_client':
      return {
        title: 'ログインを開始できません',
        message: 'アプリの設定に誤りがあるため、ログインを開始できませんでした。',
      };
    case 'session_not_found':
    case 'invalid_request':
      return { title: 'ログインを続けられません', message: signInMessages.sessionExpired };
    default:
      return { title: 'エラーが発生しました', message: signInMessages.authenticationError };
  }
}

export interface ProviderDependencies {
  readonly publicOrigin: string;
  readonly identity: IdentityConfig;
  readonly keys: SigningKeys;
  readonly db: Database;
  /** Koa's `proxy`: read X-Forwarded-Proto/Host/For (TRUST_PROXY). */
  readonly trustProxy: boolean;
}

export function webClients(identity: IdentityConfig): ClientMetadata[] {
  return [
    {
      client_id: webClientId,
      client_name: '投資信託 オンラインサービス',
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [...identity.webRedirectUris],
      post_logout_redirect_uris: [...identity.webRedirectUris],
    },
    {
      // Device flow (RFC 8628) for devices without a browser, e.g. a branch terminal or a TV app.
      client_id: deviceClientId,
      client_name: '投資信託 端末アプリ',
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
      response_types: [],
      redirect_uris: [],
    },
  ];
}

export function createOidcProvider(dependencies: ProviderDependencies): Provider {
  const { identity, keys, db, publicOrigin } = dependencies;
  const resource = apiResource(publicOrigin);
  const alg = signingAlgorithm(keys);
  const corsOrigins = new Set(identity.corsOrigins);

  const configuration: Configuration = {
    // The library keeps time with Date.now() (not the app's clock); the adapter's expiry filter agrees.
    adapter: (name: string) => new OidcPayloadAdapter(name, db, () => new Date()),
    clients: [
      ...webClients(identity),
      {
        // The identity service's own security pages (security-pages/): a confidential client whose code is
        // exchanged on the server; the secret is derived, never configured (security-pages-secrets.ts).
        client_id: securityPagesClientId,
        client_name: 'お客さま情報・セキュリティ設定',
        client_secret: securityPagesSecrets(identity, keys).clientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        application_type: 'web',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${publicOrigin}${securityPagesCallbackPath}`],
      },
    ],
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: alg,
    },
    jwks: { keys: keys.privateJwks.keys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: cookieKeys(identity, keys),
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    responseTypes: ['code'],
    scopes: ['openid', 'offline'],
    extraParams: {
      // why the app asks for a sign-in again, for the sign-in page to say (issue 13 point 12)
      [signInNoticeParam]: (_ctx, value) => {
        if (value !== undefined && !(Object.values(SignInNotice) as string[]).includes(String(value))) {
          throw new errors.InvalidRequest(`${signInNoticeParam} is not a known notice`);
        }
      },
      [signInModeParam]: (_ctx, value) => {
        if (value !== undefined && !signInModes.includes(String(value))) {
          throw new errors.InvalidRequest(`${signInModeParam} must be one of: ${signInModes.join(', ')}`);
        }
      },
    },
    // amr (RFC 8176) in the ID token tells the client how the customer signed in (pwd, otp, hwk/swk, mfa)
    claims: { openid: ['sub', 'amr'] },
    // PKCE for every client, S256 only (oidc-provider 9 implements no other method).
    pkce: { required: () => true },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      AuthorizationCode: authorizationCodeTtlSeconds,
      IdToken: accessTokenTtlSeconds,
      DeviceCode: deviceCodeTtlSeconds,
      Interaction: interactionTtlSeconds,
      Session: sessionTtlSeconds,
      Grant: refreshTokenAbsoluteTtlSeconds,
      // `iiat` is the first token's issue time and is copied to every rotated successor, so the chain
      // ends at iiat + 30 days however often it rotates.
      RefreshToken: (_ctx, token) => {
        const now = Math.floor(Date.now() / 1000);
        const initialIssue = (token as { iiat?: number }).iiat ?? now;
        const remaining = initialIssue + refreshTokenAbsoluteTtlSeconds - now;
        return Math.max(1, remaining);
      },
    },
    // The spec's `offline` scope (not the library's `offline_access`) is what yields a refresh token.
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline'),
    expiresWithSession: (_ctx, code) => !code.scopes.has('offline'),
    // Rotate on every use; replaying a used refresh token revokes the whole grant (library behaviour).
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    findAccount: async (_ctx, sub) => {
      const accountNumber = await findAccountNumber(db, sub);
      if (accountNumber === undefined) return undefined;
      return { accountId: sub, claims: () => ({ sub }) };
    },
    extraTokenClaims: async (_ctx, token) => {
      const accountId = (token as { accountId?: string }).accountId;
      if (accountId === undefined) return undefined;
      const accountNumber = await findAccountNumber(db, accountId);
      const grantId = (token as { grantId?: string }).grantId;
      return accountNumber === undefined
        ? undefined
        : { username: accountNumber, ...(grantId === undefined ? {} : { [grantIdClaim]: grantId }) };
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    renderError: (ctx, out) => {
      const { title, message } = errorPageMessage(out.error);
      ctx.type = 'html';
      ctx.body = errorPage(title, `${message}（エラーコード: ${out.error}）`);
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
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
        identity.initialAccessToken === undefined
          ? { enabled: false }
          : { enabled: true, initialAccessToken: identity.initialAccessToken },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          allowFormTarget(ctx, ctx.oidc.params?.['post_logout_redirect_uri']);
          setHtml(ctx, logoutPage(form));
        },
        postLogoutSuccessSource: (ctx) => setHtml(ctx, logoutDonePage()),
      },
      deviceFlow: {
        enabled: true,
        userCodeInputSource: (ctx, _form, _out, error) => {
          const message =
            error === undefined
              ? undefined
              : 'userCode' in error || error.name === 'NoCodeError'
                ? '確認コードが正しくないか、有効期限が切れています。もう一度入力してください。'
                : error.name === 'AbortedError'
                  ? 'ログインを中止しました。'
                  : signInMessages.authenticationError;
          setHtml(
            ctx,
            deviceInputPage({
              action: ctx.oidc.urlFor('code_verification'),
              xsrf: String(ctx.oidc.session?.state?.['secret'] ?? ''),
              ...(message === undefined ? {} : { error: message }),
            }),
          );
        },
        userCodeConfirmSource: (ctx, _form, client, _deviceInfo, userCode) => {
          setHtml(
            ctx,
            deviceConfirmPage({
              action: ctx.oidc.urlFor('code_verification'),
              xsrf: String(ctx.oidc.session?.state?.['secret'] ?? ''),
              userCode,
              clientName: client.clientName ?? client.clientId,
            }),
          );
        },
        successSource: (ctx) => setHtml(ctx, deviceSuccessPage()),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: apiScopes.join(' '),
            audience: resource,
            accessTokenTTL: accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg } },
          };
        },
      },
    },
  };

  const provider = new Provider(oidcIssuer(publicOrigin), configuration);
  provider.proxy = dependencies.trustProxy;
  useJapaneseFormPost(provider);
  const verify = apiAccessTokenVerifier({
    db,
    publicJwks: keys.publicJwks,
    issuer: oidcIssuer(publicOrigin),
    audience: resource,
  });
  provider.use(accessTokenIntrospection({ provider, verify }));
  provider.use(
    accessTokenUserinfo({
      provider,
      verify,
      accountExists: async (sub) => (await findAccountNumber(db, sub)) !== undefined,
    }),
  );
  provider.use(unauthorizedClientError);
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status !== 302 && ctx.status !== 303) return;
    if ((ctx as Partial<KoaContextWithOIDC>).oidc?.client?.clientId !== webClientId) return;
    const location = ctx.response.get('location');
    if (location === '' || !location.includes('code=')) return;
    const known = ctx.cookies.get(deviceIdCookie, { signed: true });
    const deviceId =
      known !== undefined && deviceIdPattern.test(known) ? known : randomBytes(24).toString('base64url');
    const updated = withDeviceId(location, identity.webRedirectUris, deviceId);
    if (updated === location) return;
    ctx.set('location', updated);
    if (deviceId !== known) {
      ctx.cookies.set(deviceIdCookie, deviceId, {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.secure,
        signed: true, // with the provider's cookie keys: a planted value is not taken as ours
        path: '/oidc',
        maxAge: deviceIdCookieMaxAgeMs,
        overwrite: true,
      });
    }
  });
  return provider;
}
