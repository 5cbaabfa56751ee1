/**
 * Access tokens whose signature and claims were already verified, by their exact text, until they expire.
 * Verifying an ES256 signature costs more than the rest of a simple API call, and a client sends the same
 * token on every call until it refreshes. Only the cryptographic and claim checks are remembered: the
 * caller still checks expiry against its clock (here) and the grant's liveness on every call.
 */
export class VerifiedTokens<T> {
  readonly #entries = new Map<string, { readonly value: T; readonly expiresAtMs: number }>();
  readonly #capacity: number;

  constructor(capacity = 10_000) {
    this.#capacity = capacity;
  }

  /** The verified value of `token`, unless unknown or expired at `nowMs` (expired at exactly `exp`). */
  get(token: string, nowMs: number): T | undefined {
    const entry = this.#entries.get(token);
    if (entry === undefined) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  remember(token: string, value: T, expiresAtMs: number): void {
    // bounded memory under many sessions: start over rather than track recency
    if (this.#entries.size >= this.#capacity) this.#entries.clear();
    this.#entries.set(token, { value, expiresAtMs });
  }
}
