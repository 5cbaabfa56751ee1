import { reloadPage } from '../navigation/external';

/** Spec §9: a path reloaded for recovery is not reloaded again within this time. */
export const RELOAD_GUARD_LIFETIME_MS = 10_000;
export const RELOAD_GUARD_STORAGE_KEY = 'fund:reload-guard';

/**
 * What browsers and Vite say when a code chunk of the app cannot be loaded, typically because a deploy
 * replaced the hashed files of the page the customer has open: Chromium, Safari, Firefox, and Vite's
 * preload helper (stylesheet of a chunk). Also the error reporter's ignore list (spec §8).
 */
export const CHUNK_LOAD_ERROR_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'Importing a module script failed',
  'error loading dynamically imported module',
  'Unable to preload CSS',
] as const;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  if (message === undefined) return false;
  return CHUNK_LOAD_ERROR_MESSAGES.some((known) => message.includes(known));
}

interface ReloadRecord {
  readonly path: string;
  readonly time: number;
}

function readRecord(storage: Storage): ReloadRecord | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(RELOAD_GUARD_STORAGE_KEY) ?? 'null');
    if (value === null || typeof value !== 'object') return undefined;
    const { path, time } = value as Record<string, unknown>;
    return typeof path === 'string' && typeof time === 'number' ? { path, time } : undefined;
  } catch {
    return undefined;
  }
}

export interface ReloadGuardOptions {
  /** The page to reload; defaults to the current path. */
  readonly path?: string;
  readonly now?: number;
  readonly storage?: Storage;
}

/**
 * The guard's decision (spec §8): whether a reload of this path may start now, i.e. the same path was not
 * reloaded less than 10 s ago; if so, the path and time are recorded. Without session storage the guard
 * cannot work, so the answer is no (better an error page than a reload loop).
 */
export function claimReload(options: ReloadGuardOptions = {}): boolean {
  const path = options.path ?? window.location.pathname;
  const now = options.now ?? Date.now();
  try {
    const storage = options.storage ?? window.sessionStorage;
    const last = readRecord(storage);
    const age = last === undefined ? undefined : now - last.time;
    if (last?.path === path && age !== undefined && age >= 0 && age < RELOAD_GUARD_LIFETIME_MS) return false;
    storage.setItem(RELOAD_GUARD_STORAGE_KEY, JSON.stringify({ path, time: now } satisfies ReloadRecord));
    return true;
  } catch {
    return false;
  }
}

/**
 * Reloads the page to recover from a failure that a fresh page fixes (a chunk gone after a deploy),
 * unless the guard refuses (see claimReload): then the failure is real and the caller shows it instead of
 * reloading in a loop. Returns whether the reload was started.
 */
export function reloadOnce(options: ReloadGuardOptions & { readonly reload?: () => void } = {}): boolean {
  if (!claimReload(options)) return false;
  (options.reload ?? reloadPage)();
  return true;
}
