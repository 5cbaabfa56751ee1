import { env } from '../../config/env';

type QueryValues = Record<string, string | undefined>;

/** The URL with the query appended; empty values are omitted (spec §5). */
export function withQuery(base: string, values: QueryValues): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') url.searchParams.set(name, value);
  }
  return url.href;
}

export interface AccountOpeningQuery {
  /** The account number from the access token's username claim. */
  readonly username?: string;
  readonly hashedUserId?: string;
  readonly agencyBranchCode?: string;
  /** A visitor without a sign-in: the id that keeps their application together across visits (/new). */
  readonly temporaryUserId?: string;
  /** Where the site sends a visitor who first creates a sign-in (the identity service's sign-up page). */
  readonly redirectToSignUp?: string;
  /** Where the site sends a customer back to sign in with their 口座番号 (/redirect/openAccount). */
  readonly redirectToUsernameSignin?: string;
}

/**
 * The account-opening site (spec §7 "Outbound hand-offs"): for a signed-in customer without an account
 * (spec §4 equity NONE) and for a new visitor from /new.
 */
export function accountOpeningUrl(
  {
    username,
    hashedUserId,
    agencyBranchCode,
    temporaryUserId,
    redirectToSignUp,
    redirectToUsernameSignin,
  }: AccountOpeningQuery,
  base: string = env.accountOpeningUrl,
): string {
  return withQuery(base, {
    temporaryUserId,
    redirectToSignUp,
    redirectToUsernameSignin,
    username,
    hashed_user_id: hashedUserId,
    agencyBranchCode,
  });
}

export interface AccountUpdateQuery {
  /** The app path to come back to, e.g. `/mypage?x=1`. */
  readonly callbackPath: string;
  readonly hashedUserId?: string;
}

/** The account-update site after the first-use confirmation (spec §2, §7): lastConfirmed=true. */
export function accountUpdateUrl(
  { callbackPath, hashedUserId }: AccountUpdateQuery,
  base: string = env.accountUpdateUrl,
): string {
  return withQuery(base, { lastConfirmed: 'true', callbackUrl: callbackPath, hashed_user_id: hashedUserId });
}
