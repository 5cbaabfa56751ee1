import { createHmac } from 'node:crypto';
import {
  actAsCustomer,
  adminClientId,
  OperatorClaim,
  OperatorIdentityPath,
  OperatorScope,
} from '@fund/contracts';
import type { Database } from '@fund/db';
import Provider, {
  errors,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { IdentityConfig } from '../../../config/identity-config.ts';
import { operatorClaim } from '../../../plugins/auth.plugin.ts';
import { grantIdClaim } from '../../../plugins/grant-liveness.ts';
import {
  adminApiResource,
  operatorIssuer,
  operatorModelPrefix,
} from '../../../plugins/operator-auth.plugin.ts';
import type { SigningKeys } from '../../../plugins/signing-keys.plugin.ts';
import { errorPage, logoutDonePage, logoutPage, signInMessages } from '../interaction-pages.ts';
import { useJapaneseFormPost } from '../japanese-form-post.ts';
import { OidcPayloadAdapter } from '../oidc-payload.repository.ts';
import { signingAlgorithm } from '../oidc-provider.ts';
import { findOperatorById } from './operator.repository.ts';

/** ≤ 15 min (security.md 6); the admin build refreshes when the token has expired. */
export const operatorAccessTokenTtlSeconds = 10 * 60;
/** A working day: an operator's refresh-token chain ends 12 hours after sign-in however often it rotates. */
export const operatorRefreshTokenAbsoluteTtlSeconds = 12 * 60 * 60;
const authorizationCodeTtlSeconds = 60;
const sessionTtlSeconds = 60 * 60;
const interactionTtlSeconds = 10 * 60;

export function operatorInteractionPath(uid: string): string {
  return `${OperatorIdentityPath.interaction}/${uid}`;
}

/**
 * Cookie secrets of the operator provider: derived from OIDC_COOKIE_KEYS (or the signing key) with a
 * label of their own, so a cookie of the customer provider never verifies here and vice versa.
 */
export function operatorCookieKeys(identity: IdentityConfig, keys: SigningKeys): string[] {
  const secrets = identity.cookieKeys ?? [JSON.stringify(keys.privateJwks.keys[0] ?? {})];
  return secrets.map((secret) =>
    createHmac('sha256', secret).update('oidc-provider operator cookie keys').digest('base64url'),
  );
}

function setHtml(ctx: KoaContextWithOIDC, html: string): void {
  ctx.type = 'html';
  ctx.body = html;
}

export function adminClients(identity: IdentityConfig): ClientMetadata[] {
  return [
    {
      client_id: adminClientId,
      client_name: '投資信託 オンラインサービス 管理画面',
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [...identity.adminRedirectUris],
      post_logout_redirect_uris: [...identity.adminRedirectUris],
    },
  ];
}

export interface OperatorProviderDependencies {
  readonly publicOrigin: string;
  readonly identity: IdentityConfig;
  readonly keys: SigningKeys;
  readonly db: Database;
  readonly trustProxy: boolean;
}

/**
 * The operators' OpenID provider: its own issuer, client, audience, cookies and storage namespace;
 * `findAccount` knows operators only. It shares the signing keys with the customer provider, which is
 * safe because each side checks issuer and audience (and customer tokens never carry `operator`).
 */
export function createOperatorOidcProvider(dependencies: OperatorProviderDependencies): Provider {
  const { identity, keys, db, publicOrigin } = dependencies;
  const resource = adminApiResource(publicOrigin);
  const alg = signingAlgorithm(keys);
  const corsOrigins = new Set(identity.adminRedirectUris.map((uri) => new URL(uri).origin));

  const configuration: Configuration = {
    adapter: (name: string) => new OidcPayloadAdapter(`${operatorModelPrefix}${name}`, db, () => new Date()),
    clients: adminClients(identity),
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: alg,
    },
    jwks: { keys: keys.privateJwks.keys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      names: {
        session: '_admin_session',
        interaction: '_admin_interaction',
        resume: '_admin_interaction_resume',
      },
      keys: operatorCookieKeys(identity, keys),
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    responseTypes: ['code'],
    scopes: [OperatorScope.openid, OperatorScope.offline],
    claims: { openid: ['sub'] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: operatorAccessTokenTtlSeconds,
      AuthorizationCode: authorizationCodeTtlSeconds,
      IdToken: operatorAccessTokenTtlSeconds,
      Interaction: interactionTtlSeconds,
      Session: sessionTtlSeconds,
      Grant: operatorRefreshTokenAbsoluteTtlSeconds,
      RefreshToken: (_ctx, token) => {
        const now = Math.floor(Date.now() / 1000);
        const initialIssue = (token as { iiat?: number }).iiat ?? now;
        return Math.max(1, initialIssue + operatorRefreshTokenAbsoluteTtlSeconds - now);
      },
    },
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has(OperatorScope.offline),
    expiresWithSession: (_ctx, code) => !code.scopes.has(OperatorScope.offline),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    findAccount: async (_ctx, sub) => {
      const operator = await findOperatorById(db, sub);
      if (operator === undefined || operator.lockedAt !== null) return undefined;
      return { accountId: sub, claims: () => ({ sub }) };
    },
    extraTokenClaims: async (_ctx, token) => {
      const accountId = (token as { accountId?: string }).accountId;
      if (accountId === undefined) return undefined;
      const operator = await findOperatorById(db, accountId);
      if (operator === undefined) return undefined;
      const grantId = (token as { grantId?: string }).grantId;
      return {
        [OperatorClaim.username]: operator.loginId,
        [OperatorClaim.operatorId]: operator.id,
        [OperatorClaim.actAs]: actAsCustomer,
        [operatorClaim]: true,
        ...(grantId === undefined ? {} : { [grantIdClaim]: grantId }),
      };
    },
    interactions: { url: (_ctx, interaction) => operatorInteractionPath(interaction.uid) },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(
        'ログインを続けられません',
        `${signInMessages.authenticationError}（エラーコード: ${out.error}）`,
      );
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      registration: { enabled: false },
      deviceFlow: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => setHtml(ctx, logoutPage(form)),
        postLogoutSuccessSource: (ctx) => setHtml(ctx, logoutDonePage()),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: OperatorScope.admin,
            audience: resource,
            accessTokenTTL: operatorAccessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg } },
          };
        },
      },
    },
  };

  const provider = new Provider(operatorIssuer(publicOrigin), configuration);
  provider.proxy = dependencies.trustProxy;
  useJapaneseFormPost(provider);
  return provider;
}
