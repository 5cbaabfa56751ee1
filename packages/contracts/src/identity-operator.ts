import { z } from 'zod';
import { webBuildVariants } from './paths.ts';

/**
 * The operator (administrator) sign-in (spec §4, §6): a user pool, OpenID provider, client and tokens of
 * its own, apart from the customers'. Operator tokens are accepted only where an operator is required.
 */
export const OperatorIdentityPath = {
  /** OpenID provider base (issuer `<origin>/oidc-admin`); discovery at `/oidc-admin/.well-known/openid-configuration`. */
  oidc: '/oidc-admin',
  /** Sign-in, new-password and forgot-password pages of an operator's sign-in (server-rendered). */
  interaction: '/auth/v1/operator/interaction',
  /** The signed-in operator (operator bearer token). */
  operatorProfile: '/auth/v1/operator/profile',
} as const;

/** OAuth client id of the admin build (public client, PKCE). */
export const adminClientId = 'fund-admin';

/** Where the admin build lives and where `fund-admin` returns by default (`<origin>/admin/`). */
export const adminAppPath = webBuildVariants.admin.path;

/** Scopes the admin build asks for: `openid offline admin`. */
export const OperatorScope = {
  openid: 'openid',
  /** Yields a refresh token (session refresh). */
  offline: 'offline',
  /** The admin API. */
  admin: 'admin',
} as const;

/** Claims of an operator access token besides the standard ones. */
export const OperatorClaim = {
  /** ログインID. */
  username: 'username',
  operatorId: 'operator_id',
  /** `customer`: the operator may act for a customer (the act-as header comes with a later issue). */
  actAs: 'act_as',
} as const;

export const actAsCustomer = 'customer';

/** `GET /auth/v1/operator/profile`: the signed-in operator. */
export const operatorProfileSchema = z
  .object({
    operatorId: z.uuid(),
    loginId: z.string(),
    name: z.string(),
    canActAsCustomer: z.boolean(),
  })
  .meta({ id: 'OperatorProfile' });

export type OperatorProfile = z.infer<typeof operatorProfileSchema>;
