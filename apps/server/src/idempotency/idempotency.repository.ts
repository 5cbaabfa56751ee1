import { idempotencyRecords, type Transaction } from '@fund/db';
import { and, eq, sql } from 'drizzle-orm';
import type { StoredAnswer } from './idempotency.ts';

/** One customer's Idempotency-Key. */
export interface KeyScope {
  readonly customerId: string;
  readonly key: string;
}

/** Records the key with the request's hash before the work; false when the key is recorded already. */
export async function recordKey(tx: Transaction, scope: KeyScope, requestHash: string): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyRecords)
    .values({ customerId: scope.customerId, key: scope.key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key });
  return inserted.length > 0;
}

/** Stores the answer of the request that recorded the key, in its own transaction. */
export async function storeAnswer(
  tx: Transaction,
  scope: KeyScope,
  answer: { status: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotencyRecords)
    .set({ responseStatus: answer.status, responseBody: sql`${JSON.stringify(answer.body)}::jsonb` })
    .where(and(eq(idempotencyRecords.customerId, scope.customerId), eq(idempotencyRecords.key, scope.key)));
}

/** The key's record: the first request's hash and answer (null status while it still runs). */
export async function findStoredAnswer(tx: Transaction, scope: KeyScope): Promise<StoredAnswer | undefined> {
  const [record] = await tx
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.customerId, scope.customerId), eq(idempotencyRecords.key, scope.key)));
  return record === undefined
    ? undefined
    : { requestHash: record.requestHash, status: record.responseStatus, body: record.responseBody };
}
