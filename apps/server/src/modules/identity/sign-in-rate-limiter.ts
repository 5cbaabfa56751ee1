/**
 * Fixed-window attempt counter, per key (an IP, an account number), in this process's memory.
 *
 * With several server processes each counts on its own, so a client spread over N processes gets up to
 * N times the limit. That is acceptable because the limit only slows guessing down: the lock after
 * consecutive wrong passwords (SIGN_IN_LOCK_THRESHOLD) is stored in the database and holds across all
 * processes. A shared limit would need a shared store (PostgreSQL or Redis behind @fastify/rate-limit).
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetsAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts one attempt; `retryAfterSeconds` is set when the attempt is over the limit. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    this.evictExpired(now);
    const window = this.windows.get(key);
    if (window === undefined || window.resetsAt <= now) {
      this.windows.set(key, { count: 1, resetsAt: now + this.windowMs });
      return { allowed: true };
    }
    window.count += 1;
    if (window.count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetsAt - now) / 1000)) };
  }

  private lastEviction = 0;

  /** Keeps memory bounded under a flood of distinct keys: expired windows are dropped once a minute. */
  private evictExpired(now: number): void {
    if (now - this.lastEviction < 60_000) return;
    this.lastEviction = now;
    for (const [key, window] of this.windows) {
      if (window.resetsAt <= now) this.windows.delete(key);
    }
  }
}

export const signInRateLimitWindowMs = 15 * 60 * 1000;
