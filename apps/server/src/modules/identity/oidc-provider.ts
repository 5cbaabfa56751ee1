import { createHmac, randomBytes } from 'node:crypto';
import { SignInNotice, signInNoticeParam, webClientId } from '@fund/contracts';
import type { Database } from '@fund/db';
import type Provider from 'oidc-provider';
import { errors, type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';
import type { IdentityConfig } from '../../config/identity-config.ts';
import { apiResource, oidcIssuer } from '../../plugins/auth.plugin.ts';
import type { SigningKeys } from '../../plugins/signing-keys.plugin.ts';
import { accessTokenIntrospection } from './access-token-introspection.ts';
import { accessTokenUserinfo } from './access-token-userinfo.ts';
import { apiAccessTokenVerifier } from './api-access-token.ts';
import { unauthorizedClientError } from './unauthorized-client-error.ts';
import {
  deviceConfirmPage,
  deviceInputPage,
  deviceSuccessPage,
  signInMessages,
} from './interaction-pages.ts';
import {
  authorizationCodeTtlSeconds,
  createPoolProvider,
  setHtml,
  type DeviceFlowPages,
} from './oidc-provider-factory.ts';
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
export { authorizationCodeTtlSeconds };
/** Absolute lifetime of a refresh-token chain: rotation never extends it (security.md 6). */
export const refreshTokenAbsoluteTtlSeconds = 30 * 24 * 60 * 60;
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

/**
 * Without OIDC_COOKIE_KEYS (development, tests) the cookie secret is derived from the private signing
 * key: as stable as the key file and shared by every process that shares it.
 */
function cookieKeys(identity: IdentityConfig, keys: SigningKeys): string[] {
  if (identity.cookieKeys !== undefined) return [...identity.cookieKeys];
  const secret = JSON.stringify(keys.privateJwks.keys[0] ?? {});
  return [createHmac('sha256', secret).update('oidc-provider cookie keys').digest('base64url')];
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

/** The device flow's pages (RFC 8628): entering the code shown on the device, confirming it, done. */
const deviceFlowPages: DeviceFlowPages = {
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
};

/**
 * The customers' OpenID provider under /oidc: their pool of the shared factory, then what only this pool
 * has (introspection and userinfo of API tokens, `unauthorized_client` answers, the web app's device_id).
 */
export function createOidcProvider(dependencies: ProviderDependencies): Provider {
  const { identity, keys, db, publicOrigin } = dependencies;
  const resource = apiResource(publicOrigin);
  const accountExists = async (sub: string) => (await findAccountNumber(db, sub)) !== undefined;

  const provider = createPoolProvider(
    {
      issuer: oidcIssuer(publicOrigin),
      modelPrefix: '',
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
      cookieKeys: cookieKeys(identity, keys),
      corsOrigins: new Set(identity.corsOrigins),
      resource: { indicator: resource, scope: apiScopes.join(' ') },
      accessTokenTtlSeconds,
      refreshTokenAbsoluteTtlSeconds,
      // amr (RFC 8176) in the ID token tells the client how the customer signed in (pwd, otp, hwk/swk, mfa)
      idTokenClaims: ['sub', 'amr'],
      interactionPath,
      accountExists,
      tokenClaims: async (accountId) => {
        const accountNumber = await findAccountNumber(db, accountId);
        return accountNumber === undefined ? undefined : { username: accountNumber };
      },
      errorPageText: errorPageMessage,
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
      userinfo: true,
      ...(identity.initialAccessToken === undefined
        ? {}
        : { registrationAccessToken: identity.initialAccessToken }),
      deviceFlow: { codeTtlSeconds: deviceCodeTtlSeconds, pages: deviceFlowPages },
      allowPostLogoutRedirectInForm: true,
    },
    dependencies,
  );
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
      accountExists,
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
