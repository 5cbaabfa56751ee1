import type { IdentityAccountPage, IdentityAccountPath } from '@fund/contracts';
import { env } from '../../config/env';

// The identity service's calls and pages relative to its configured base URL (spec §7: all under
// /auth/v1). The contracts name them under the default base; a type import only (their module holds zod
// schemas, which a value import would pull into the first bundle), and the types fail the typecheck if a
// contract path ever changes.

type Under<T extends string> = T extends `/auth/v1${infer Rest}` ? Rest : never;

/** An identity API call's path under the identity base URL, e.g. `/password/forgot`. */
export type IdentityCallPath = Under<(typeof IdentityAccountPath)[keyof typeof IdentityAccountPath]>;

/** A server-rendered page of the identity service, e.g. `/signup`. */
export type IdentityPagePath = Under<(typeof IdentityAccountPage)[keyof typeof IdentityAccountPage]>;

/** The absolute URL of an identity service page (for the hand-off to the account-opening site). */
export function identityPageUrl(path: IdentityPagePath): string {
  return `${env.identityApiBaseUrl}${path}`;
}
