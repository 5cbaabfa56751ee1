import { createHmac } from 'node:crypto';
import {
  actAsCustomer,
  adminClientId,
  OperatorClaim,
  OperatorIdentityPath,
  OperatorScope,
} from '@fund/contracts';
import type { Database } from '@fund/db';
import type Provider from 'oidc-provider';
import type { ClientMetadata } from 'oidc-provider';
import type { IdentityConfig } from '../../../config/identity-config.ts';
import { operatorClaim } from '../../../plugins/auth.plugin.ts';
import {
  adminApiResource,
  operatorIssuer,
  operatorModelPrefix,
} from '../../../plugins/operator-auth.plugin.ts';
import type { SigningKeys } from '../../../plugins/signing-keys.plugin.ts';
import { signInMessages } from '../interaction-pages.ts';
import { createPoolProvider } from '../oidc-provider-factory.ts';
import { findOperatorById } from './operator.repository.ts';

/** ≤ 15 min (security.md 6); the admin build refreshes when the token has expired. */
export const operatorAccessTokenTtlSeconds = 10 * 60;
/** A working day: an operator's refresh-token chain ends 12 hours after sign-in however often it rotates. */
export const operatorRefreshTokenAbsoluteTtlSeconds = 12 * 60 * 60;

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

  return createPoolProvider(
    {
      issuer: operatorIssuer(publicOrigin),
      modelPrefix: operatorModelPrefix,
      clients: adminClients(identity),
      cookieKeys: operatorCookieKeys(identity, keys),
      cookieNames: {
        session: '_admin_session',
        interaction: '_admin_interaction',
        resume: '_admin_interaction_resume',
      },
      corsOrigins: new Set(identity.adminRedirectUris.map((uri) => new URL(uri).origin)),
      resource: { indicator: adminApiResource(publicOrigin), scope: OperatorScope.admin },
      accessTokenTtlSeconds: operatorAccessTokenTtlSeconds,
      refreshTokenAbsoluteTtlSeconds: operatorRefreshTokenAbsoluteTtlSeconds,
      idTokenClaims: ['sub'],
      interactionPath: operatorInteractionPath,
      accountExists: async (sub) => {
        const operator = await findOperatorById(db, sub);
        return operator !== undefined && operator.lockedAt === null;
      },
      tokenClaims: async (accountId) => {
        const operator = await findOperatorById(db, accountId);
        if (operator === undefined) return undefined;
        return {
          [OperatorClaim.username]: operator.loginId,
          [OperatorClaim.operatorId]: operator.id,
          [OperatorClaim.actAs]: actAsCustomer,
          [operatorClaim]: true,
        };
      },
      errorPageText: () => ({
        title: 'ログインを続けられません',
        message: signInMessages.authenticationError,
      }),
      userinfo: false,
      allowPostLogoutRedirectInForm: false,
    },
    dependencies,
  );
}
