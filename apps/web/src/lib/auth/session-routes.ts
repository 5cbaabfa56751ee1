/**
 * Which pages take part in the session (spec §2). React Router matches paths without regard to case and
 * to a trailing slash, so these checks do the same: a page the router shows as /new is treated as /new.
 */

/** The pages that skip the sign-in check and the redirect logic altogether. */
export const SIGN_IN_FREE_PATHS = [
  '/new',
  '/resetPassword',
  '/resetPassword/done',
  '/trading/monthlyDeposit',
  '/redirect/openAccount',
  '/redirect/resetPassword',
] as const;

/** The card issuer's linking pages: a `code` and `state` in their query belong to the card issuer. */
export const CARD_ISSUER_PATH_PREFIX = '/saisonConnect';

/** The path as the router matches it: no trailing slash (except the root), any letter case. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

const signInFree = new Set(SIGN_IN_FREE_PATHS.map(normalisePath));

export function skipsSignInCheck(pathname: string): boolean {
  return signInFree.has(normalisePath(pathname));
}

export function isCardIssuerPath(pathname: string): boolean {
  return normalisePath(pathname).startsWith(CARD_ISSUER_PATH_PREFIX.toLowerCase());
}

/** A return from the identity service's sign-in: a `code` in the query of a page outside /saisonConnect. */
export function isSignInReturn(url: URL): boolean {
  return url.searchParams.has('code') && !isCardIssuerPath(url.pathname) && !skipsSignInCheck(url.pathname);
}
