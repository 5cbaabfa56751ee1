import { decodeBase64UrlText, encodeBase64UrlBytes, encodeBase64UrlText } from './base64url';
import { safeReturnPath } from './return-path';

/**
 * The OAuth `state` of a sign-in round trip (spec §3): a random prefix, a '.', and base64url(JSON) of the
 * extra data the app needs back, here the page to return to. The extra data needs no protection of its
 * own: the returned state must equal the stored one (spec §5, security 11), so a changed extra data part is
 * a changed state, and nothing in it is read before that check.
 */
export interface SignInStateExtra {
  /** Path, query and hash of the page the customer was on. */
  readonly returnTo: string;
}

export function createSignInState(extra: SignInStateExtra): string {
  const prefix = encodeBase64UrlBytes(crypto.getRandomValues(new Uint8Array(32)));
  return `${prefix}.${encodeBase64UrlText(JSON.stringify(extra))}`;
}

/** The extra data of a state; null when the state carries none that can be read. */
export function readSignInStateExtra(state: string): SignInStateExtra | null {
  const dot = state.indexOf('.');
  if (dot < 0) return null;
  const json = decodeBase64UrlText(state.slice(dot + 1));
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const { returnTo } = value as { returnTo?: unknown };
  return typeof returnTo === 'string' ? { returnTo } : null;
}

/** Where to go after a return from sign-in: the state's page when it is one of ours, else the top page. */
export function returnPathOfState(state: string): string {
  return safeReturnPath(readSignInStateExtra(state)?.returnTo);
}
