import { accountRoleTypeValues } from '@fund/domain';
import { z } from 'zod';

/** Paths of the identity service (spec §7 "Identity service", all under /auth/v1) and the OpenID provider. */
export const IdentityPath = {
  /** OpenID provider base (issuer `<origin>/oidc`); discovery at `/oidc/.well-known/openid-configuration`. */
  oidc: '/oidc',
  userProfile: '/auth/v1/user/profile',
  sessionsRevokeGlobal: '/auth/v1/sessions/revoke/global',
} as const;

/** Scopes the web app asks for (spec §6): `openid offline user.write`, plus revoke-self for global sign-out. */
export const IdentityScope = {
  openid: 'openid',
  /** Yields a refresh token. */
  offline: 'offline',
  /** Needed by every call that changes something. */
  userWrite: 'user.write',
  /** Needed by global sign-out. */
  sessionRevokeSelf: 'user.session.revoke.self',
} as const;

/** OAuth client id of the web app (public client, PKCE). */
export const webClientId = 'fund-web';

/** `GET /auth/v1/user/profile`: the signed-in customer as the identity service knows them. */
export const userProfileSchema = z
  .object({
    /** 口座番号 (the token's `username`). */
    accountNumber: z.string().regex(/^\d{7}$/),
    branchCode: z.string().regex(/^\d{3}$/),
    lastName: z.string(),
    firstName: z.string(),
    email: z.string(),
    accountRole: z.enum(accountRoleTypeValues),
  })
  .meta({ id: 'UserProfile' });

export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * Why the web app sends the customer to sign in again, shown by the sign-in page itself (spec §4 step 5,
 * issue 13 point 12): an extra authorization parameter with one of these values.
 */
export const signInNoticeParam = 'sign_in_notice';
export const SignInNotice = {
  /** The refresh failed: the session ended. */
  sessionExpired: 'session_expired',
  /** The return from the last sign-in could not be completed. */
  signInFailed: 'sign_in_failed',
} as const;
export type SignInNotice = (typeof SignInNotice)[keyof typeof SignInNotice];
