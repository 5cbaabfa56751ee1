import { safeReturnPath } from '../auth/return-path';

/**
 * What the reset pages pass each other in the router's location state: the 口座番号 to fill in and the
 * page of this app to sign in to afterwards. Read back through `readResetState`, which checks both again:
 * the state comes from /redirect/resetPassword, whose query anyone can write.
 */
export interface ResetRouteState {
  readonly login?: string;
  readonly returnTo?: string;
}

const accountNumberPattern = /^\d{7}$/;

export function readResetState(state: unknown): { login: string; returnTo: string } {
  const record = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const login =
    typeof record['login'] === 'string' && accountNumberPattern.test(record['login']) ? record['login'] : '';
  return { login, returnTo: safeReturnPath(record['returnTo']) };
}

/**
 * The query of /redirect/resetPassword, checked: `username` only when it is a 口座番号, `returnTo` only
 * when it is a path of this app (safeReturnPath: no other origin, no `//host`, no `javascript:`), else '/'.
 */
export function resetStateOfQuery(search: URLSearchParams): ResetRouteState {
  const username = search.get('username');
  return {
    ...(username !== null && accountNumberPattern.test(username) ? { login: username } : {}),
    returnTo: safeReturnPath(search.get('returnTo')),
  };
}
