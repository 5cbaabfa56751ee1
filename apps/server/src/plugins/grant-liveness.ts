import type { Database } from '@fund/db';
import { grantExists } from './grant-liveness.repository.ts';

/** Claim carrying the grant an access token belongs to, so the API can refuse tokens of ended grants. */
export const grantIdClaim = 'grant_id';

/**
 * Whether the grant behind an access token still exists. Access tokens are JWTs checked locally
 * (decision 006), so without this a token would outlive a code replay, an ended session or a global
 * sign-out (security.md 4, 7, 20). A live answer is remembered for a few seconds so the API does not
 * read the database on every call; a revocation therefore takes effect within `rememberMs`.
 */
export class GrantLiveness {
  readonly #db: Database;
  readonly #rememberMs: number;
  readonly #now: () => number;
  /** The grants' model name in `oidc_payloads`: `Grant`, or the operator provider's prefixed one. */
  readonly #kind: string;
  readonly #liveUntil = new Map<string, number>();

  constructor(db: Database, now: () => number, { kind = 'Grant', rememberMs = 5_000 } = {}) {
    this.#db = db;
    this.#now = now;
    this.#kind = kind;
    this.#rememberMs = rememberMs;
  }

  async isLive(grantId: string): Promise<boolean> {
    const now = this.#now();
    const remembered = this.#liveUntil.get(grantId);
    if (remembered !== undefined && remembered > now) return true;
    const live = await grantExists(this.#db, this.#kind, grantId, new Date(now));
    if (!live) {
      this.#liveUntil.delete(grantId);
      return false;
    }
    if (this.#liveUntil.size > 10_000) this.#liveUntil.clear(); // bounded memory under many sessions
    this.#liveUntil.set(grantId, now + this.#rememberMs);
    return true;
  }
}
