import { createHash } from 'node:crypto';
import type { DatabaseExecutor } from '@fund/db';
import { countAttempt, runningWindow } from './attempt-windows.repository.ts';

export interface AttemptLimiterOptions {
  readonly db: DatabaseExecutor;
  /** Names the limiter's windows in the shared table: limiters with the same name count together. */
  readonly name: string;
  /** Attempts allowed per window; the next one is refused until the window ends. */
  readonly limit: number;
  readonly windowMs: number;
  /** The clock windows start and end by (the real clock: a demo clock moved forward must not reset them). */
  readonly now: () => number;
}

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Longer keys (an address typed by anyone) are hashed so a row stays small and within the index. */
const longestStoredKey = 200;

/**
 * Fixed-window attempt counter per key (an IP, an account number, an address), stored in the database
 * (`attempt_windows`, decision 027) so every server process on one database shares the limit: N
 * instances give an attacker the limit once, not N times.
 *
 * One statement per attempt: an upsert that starts a window (count 1, ends at now + window) for a new or
 * ended key, or adds one to the running window, and returns the count. The row lock of ON CONFLICT DO
 * UPDATE serialises concurrent attempts on one key, so no two of them read the same count. The window
 * starts at a key's first attempt, as the in-memory limiter before it did. Ended rows are deleted by the
 * batch (expired-sign-in-data).
 */
export class AttemptLimiter {
  readonly #options: AttemptLimiterOptions;

  constructor(options: AttemptLimiterOptions) {
    this.#options = options;
  }

  /** Counts one attempt; `retryAfterSeconds` is set when the attempt is over the limit. */
  async hit(key: string): Promise<AttemptVerdict> {
    const { db, limit, windowMs } = this.#options;
    const now = new Date(this.#options.now());
    const endsAt = new Date(now.getTime() + windowMs);
    const row = await countAttempt(db, this.#storedKey(key), now, endsAt);
    if (row === undefined || row.count <= limit) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
    };
  }

  /**
   * Whether `key` has used up its running window, without counting an attempt. Limits that count only
   * failures (per address, decision 027) ask this before the attempt and `hit` after a failure, so a
   * success never uses up a neighbour's allowance. Concurrent failures that all asked before any of them
   * was counted can pass the limit by the number of attempts in flight; each costs a password or code
   * check, and the exact per-account limits still apply.
   */
  async refusal(key: string): Promise<AttemptVerdict> {
    const { db, limit } = this.#options;
    const now = new Date(this.#options.now());
    const row = await runningWindow(db, this.#storedKey(key), now);
    if (row === undefined || row.count < limit) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
    };
  }

  #storedKey(key: string): string {
    const stored = `${this.#options.name}:${key}`;
    if (stored.length <= longestStoredKey) return stored;
    return `${this.#options.name}:sha256:${createHash('sha256').update(key).digest('hex')}`;
  }
}

/** Counts an attempt against every limiter at once; the first refusal, if any. */
export async function hitAll(
  hits: readonly Promise<AttemptVerdict>[],
): Promise<Extract<AttemptVerdict, { allowed: false }> | undefined> {
  const verdicts = await Promise.all(hits);
  return verdicts.find((verdict): verdict is Extract<AttemptVerdict, { allowed: false }> => !verdict.allowed);
}

export const signInRateLimitWindowMs = 15 * 60 * 1000;
