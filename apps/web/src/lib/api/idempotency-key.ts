import { idempotencyKeyHeader } from '@fund/contracts/paths';

/**
 * One key per intent of the customer (security.md 25): made when the customer opens a confirmation and
 * reused by every retry and double tap of that intent, so the server places one order however often the
 * request arrives; a new intent (back to input, changed figures) gets a new key.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function idempotencyHeaders(key: string): Record<string, string> {
  return { [idempotencyKeyHeader]: key };
}
