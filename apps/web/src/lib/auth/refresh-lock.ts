import { local, LocalKey, readItem, removeItem, writeItem } from './storage-keys';

/** The Web Locks name every tab of the app uses for the token refresh (security 33). */
export const REFRESH_LOCK_NAME = 'fund.auth.refresh';

/** Spec §9: a tab waiting for another tab's refresh flag checks every 100 ms. */
export const FLAG_POLL_MS = 100;
/**
 * Spec §9: 50 ms. After raising the flag, a tab waits this long for the result of another tab that saw the
 * flag down at the same moment and raised its own; whoever's flag is then stored owns the refresh.
 */
export const FLAG_CONFIRM_MS = 50;
/** A flag older than this was left by a tab that closed mid-refresh; it no longer counts. */
export const FLAG_STALE_MS = 20_000;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface RefreshFlag {
  readonly owner: string;
  readonly at: number;
}

function readFlag(): RefreshFlag | null {
  const raw = readItem(local, LocalKey.refreshFlag);
  if (raw === null) return null;
  try {
    const flag = JSON.parse(raw) as Partial<RefreshFlag>;
    return typeof flag.owner === 'string' && typeof flag.at === 'number'
      ? { owner: flag.owner, at: flag.at }
      : null;
  } catch {
    return null;
  }
}

async function raiseFlag(owner: string): Promise<void> {
  for (;;) {
    const flag = readFlag();
    if (flag !== null && flag.owner !== owner && Date.now() - flag.at < FLAG_STALE_MS) {
      await sleep(FLAG_POLL_MS);
      continue;
    }
    writeItem(local, LocalKey.refreshFlag, JSON.stringify({ owner, at: Date.now() } satisfies RefreshFlag));
    await sleep(FLAG_CONFIRM_MS);
    if (readFlag()?.owner === owner) return;
  }
}

/** Where Web Locks are missing: a flag in local storage, polled (spec §9 timings). */
async function withStorageFlag<T>(task: () => Promise<T>): Promise<T> {
  const owner = crypto.randomUUID();
  await raiseFlag(owner);
  try {
    return await task();
  } finally {
    if (readFlag()?.owner === owner) removeItem(local, LocalKey.refreshFlag);
  }
}

/**
 * Runs `task` while no other tab of the app runs its own: with Web Locks where the browser has them,
 * otherwise with the local-storage flag. The task must re-read the stored tokens first, because the tab
 * that held the lock before may have refreshed them already.
 */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (navigator as Partial<Navigator>).locks;
  if (locks !== undefined && typeof locks.request === 'function') {
    return locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, () => task());
  }
  return withStorageFlag(task);
}
