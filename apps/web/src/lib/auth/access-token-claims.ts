import { decodeBase64UrlText } from './base64url';

/**
 * The access token's claims the app reads (spec §3): `username` and `exp`. The payload is only decoded,
 * not verified: the browser cannot verify it usefully, and the APIs verify every token they receive.
 */
export interface AccessTokenClaims {
  readonly username?: string;
  /** Expiry, seconds since the epoch. */
  readonly exp?: number;
}

export function readAccessTokenClaims(token: string): AccessTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined) return null;
  const json = decodeBase64UrlText(parts[1]);
  if (json === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return null;
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const { username, exp } = payload as Record<string, unknown>;
  return {
    ...(typeof username === 'string' ? { username } : {}),
    ...(typeof exp === 'number' && Number.isFinite(exp) ? { exp } : {}),
  };
}

/**
 * Spec §5: a token is expired when the current time is at or beyond `exp`, or when there is no token. A
 * token whose `exp` cannot be read counts as expired too.
 */
export function isAccessTokenExpired(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  if (token === null || token === undefined || token === '') return true;
  const exp = readAccessTokenClaims(token)?.exp;
  return exp === undefined || nowMs >= exp * 1000;
}
