/**
 * The `noConfirmed` flag in local storage (spec §2, §3, §4): while it is stored, with either value, the
 * yearly re-confirmation is not shown.
 * - `?noConfirmed=true` or `?noConfirmed=false` in the URL stores that value.
 * - Showing the confirmation stores `false`, so it is shown once, not on every reload.
 * - The confirmation button removes it before the customer leaves for the account-update site, so the
 *   rule is checked afresh when they come back.
 */
export const NO_CONFIRMED_KEY = 'noConfirmed';

export const NO_CONFIRMED_PARAM = 'noConfirmed';

export type NoConfirmedValue = 'true' | 'false';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readNoConfirmed(): NoConfirmedValue | undefined {
  const value = storage()?.getItem(NO_CONFIRMED_KEY);
  return value === 'true' || value === 'false' ? value : undefined;
}

export function writeNoConfirmed(value: NoConfirmedValue): void {
  storage()?.setItem(NO_CONFIRMED_KEY, value);
}

export function clearNoConfirmed(): void {
  storage()?.removeItem(NO_CONFIRMED_KEY);
}

/** Stores the flag from `?noConfirmed=true|false`; any other value is ignored. */
export function applyNoConfirmedParam(search: string): void {
  const value = new URLSearchParams(search).get(NO_CONFIRMED_PARAM);
  if (value === 'true' || value === 'false') writeNoConfirmed(value);
}
