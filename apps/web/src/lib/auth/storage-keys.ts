/**
 * Web-storage keys of the session (spec §3 "Session and local data"). Every key starts with the app's
 * prefix, so the app's entries are recognisable next to those of other scripts on the same origin.
 *
 * local storage (shared by the tabs, kept across restarts): the token set, the sign-in round trip's code
 * verifier and state, the identity service's device id, the cross-tab refresh flag and a visitor's
 * account-opening id.
 * session storage (this tab only): the signed-in user, the activity log and the flash message shown after
 * a return from sign-in.
 */
export const STORAGE_PREFIX = 'fund.';

export const LocalKey = {
  tokens: `${STORAGE_PREFIX}auth.tokens`,
  codeVerifier: `${STORAGE_PREFIX}auth.codeVerifier`,
  state: `${STORAGE_PREFIX}auth.state`,
  deviceId: `${STORAGE_PREFIX}auth.deviceId`,
  refreshFlag: `${STORAGE_PREFIX}auth.refreshing`,
  /** A visitor's account-opening application in progress (/new; spec §7 temporaryUserId). */
  temporaryUserId: `${STORAGE_PREFIX}onboarding.temporaryUserId`,
} as const;

export const SessionKey = {
  user: `${STORAGE_PREFIX}session.user`,
  activityLog: `${STORAGE_PREFIX}session.activityLog`,
  flashMessage: `${STORAGE_PREFIX}session.flashMessage`,
} as const;

/**
 * Storage can be unavailable (disabled cookies, some private modes) and then throws on access: reads
 * answer null, writes are dropped. The session then simply does not survive a reload.
 */
export function readItem(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // see readItem
  }
}

export function removeItem(storage: () => Storage, key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // see readItem
  }
}

export const local = () => window.localStorage;
export const session = () => window.sessionStorage;
