import type { IdentityAccountPath, IdentityPath } from '@fund/contracts';

/**
 * The identity API's paths under its configured base URL (spec §7: /auth/v1 by default). Each literal
 * fails the typecheck if the contracts' path ever changes; only types are imported, so zod stays out of
 * the page's chunk.
 */
type ContractPath =
  | (typeof IdentityAccountPath)[keyof typeof IdentityAccountPath]
  | (typeof IdentityPath)[keyof typeof IdentityPath];
type UnderIdentityApi<P extends string> = `/auth/v1${P}` extends ContractPath ? P : never;

export const identityApiPath = {
  userProfile: '/user/profile' satisfies UnderIdentityApi<'/user/profile'>,
  userSessions: '/user/sessions' satisfies UnderIdentityApi<'/user/sessions'>,
  userLoginAttempts: '/user/login_attempts' satisfies UnderIdentityApi<'/user/login_attempts'>,
} as const;
