import { isCardIssuerPath } from './session-routes';

/** Query parameters the identity service adds on its way back (RFC 6749 §4.1.2, RFC 9207, its device id). */
const SIGN_IN_RETURN_PARAMS = [
  'code',
  'state',
  'iss',
  'device_id',
  'session_state',
  'error',
  'error_description',
];

/**
 * The path to return to after sign-in, if it is one of this app's pages: it must start with a single '/'
 * and resolve to this origin (no `//evil.example`, `/\evil.example` or `javascript:`). Anything else: '/'.
 */
export function safeReturnPath(candidate: unknown, origin: string = window.location.origin): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || /^\/[/\\]/.test(candidate)) return '/';
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Path, query and hash of `url` without the sign-in return's parameters, so that returning there does not
 * look like another return from sign-in. On /saisonConnect pages they belong to the card issuer and stay.
 */
export function pathWithoutSignInParams(url: URL): string {
  const search = new URLSearchParams(url.search);
  if (!isCardIssuerPath(url.pathname)) {
    for (const param of SIGN_IN_RETURN_PARAMS) search.delete(param);
  }
  const query = search.toString();
  return `${url.pathname}${query === '' ? '' : `?${query}`}${url.hash}`;
}
