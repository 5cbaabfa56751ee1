import { pendingSecondFactors, type DatabaseExecutor, type PendingSecondFactor } from '@fund/db';
import { and, eq, gt, lt, sql } from 'drizzle-orm';

/** Starts (or restarts, after the password was entered again) the second step of a sign-in attempt. */
export async function startPendingSecondFactor(
  executor: DatabaseExecutor,
  input: { attemptId: string; customerId: string; now: Date; expiresAt: Date },
): Promise<void> {
  // expired attempts of any browser are dropped on the way, so the table stays small
  await executor.delete(pendingSecondFactors).where(lt(pendingSecondFactors.expiresAt, input.now));
  await executor
    .insert(pendingSecondFactors)
    .values({
      attemptId: input.attemptId,
      customerId: input.customerId,
      failures: 0,
      expiresAt: input.expiresAt,
      createdAt: input.now,
    })
    .onConflictDoUpdate({
      target: pendingSecondFactors.attemptId,
      set: { customerId: input.customerId, failures: 0, expiresAt: input.expiresAt, createdAt: input.now },
    });
}

export async function findPendingSecondFactor(
  executor: DatabaseExecutor,
  attemptId: string,
  now: Date,
): Promise<PendingSecondFactor | undefined> {
  const [row] = await executor
    .select()
    .from(pendingSecondFactors)
    .where(and(eq(pendingSecondFactors.attemptId, attemptId), gt(pendingSecondFactors.expiresAt, now)));
  return row;
}

/** Counts a wrong code; returns the failures so far (undefined when the attempt is gone). */
export async function recordSecondFactorFailure(
  executor: DatabaseExecutor,
  attemptId: string,
): Promise<number | undefined> {
  const [row] = await executor
    .update(pendingSecondFactors)
    .set({ failures: sql`${pendingSecondFactors.failures} + 1` })
    .where(eq(pendingSecondFactors.attemptId, attemptId))
    .returning({ failures: pendingSecondFactors.failures });
  return row?.failures;
}

/** Ends the attempt's second step; true for the one caller that removed it (so it completes once). */
export async function finishPendingSecondFactor(
  executor: DatabaseExecutor,
  attemptId: string,
  customerId: string,
): Promise<boolean> {
  const rows = await executor
    .delete(pendingSecondFactors)
    .where(
      and(eq(pendingSecondFactors.attemptId, attemptId), eq(pendingSecondFactors.customerId, customerId)),
    )
    .returning({ attemptId: pendingSecondFactors.attemptId });
  return rows.length > 0;
}

/** Ends the attempt's second step whoever it belonged to (too many wrong codes). */
export async function abandonPendingSecondFactor(
  executor: DatabaseExecutor,
  attemptId: string,
): Promise<void> {
  await executor.delete(pendingSecondFactors).where(eq(pendingSecondFactors.attemptId, attemptId));
}
