import { isAccessTokenExpired, readAccessTokenClaims } from '../../lib/auth/access-token-claims';
import { local, readItem, removeItem, STORAGE_PREFIX, writeItem } from '../../lib/auth/storage-keys';
import { toStoredTokenSet, type StoredTokenSet } from '../../lib/auth/token-store';

/**
 * The operator's own stored tokens (spec §3: "Administrator sign-in keeps its own stored tokens"), under
 * keys of their own, so an operator's and a customer's session in one browser never mix.
 */
export const OperatorKey = {
  tokens: `${STORAGE_PREFIX}admin.tokens`,
  codeVerifier: `${STORAGE_PREFIX}admin.codeVerifier`,
  state: `${STORAGE_PREFIX}admin.state`,
} as const;

export function readOperatorTokens(): StoredTokenSet | null {
  const raw = readItem(local, OperatorKey.tokens);
  if (raw === null) return null;
  try {
    return toStoredTokenSet(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeOperatorTokens(tokens: StoredTokenSet): void {
  const stored = toStoredTokenSet(tokens);
  if (stored !== null) writeItem(local, OperatorKey.tokens, JSON.stringify(stored));
}

export function clearOperatorTokens(): void {
  removeItem(local, OperatorKey.tokens);
}

/** The stored access token while it has not expired (spec §6: the administrator's own expiry check). */
export function validOperatorAccessToken(nowMs: number = Date.now()): string | null {
  const tokens = readOperatorTokens();
  return tokens !== null && !isAccessTokenExpired(tokens.access_token, nowMs) ? tokens.access_token : null;
}

/** The signed-in operator's ログインID (the token's `username`), for the console's header. */
export function operatorLoginId(): string | null {
  const tokens = readOperatorTokens();
  return tokens === null ? null : (readAccessTokenClaims(tokens.access_token)?.username ?? null);
}
