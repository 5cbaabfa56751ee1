import { totpCredentials, type DatabaseExecutor, type TotpCredential } from '@fund/db';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';

export async function findTotpCredential(
  executor: DatabaseExecutor,
  customerId: string,
): Promise<TotpCredential | undefined> {
  const [row] = await executor
    .select()
    .from(totpCredentials)
    .where(eq(totpCredentials.customerId, customerId));
  return row;
}

/** A new, unconfirmed secret; replaces an earlier unconfirmed one, never a confirmed one. */
export async function savePendingTotp(
  executor: DatabaseExecutor,
  customerId: string,
  secretCiphertext: string,
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .insert(totpCredentials)
    .values({ customerId, secretCiphertext, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: totpCredentials.customerId,
      set: { secretCiphertext, lastUsedStep: null, createdAt: now, updatedAt: now },
      setWhere: isNull(totpCredentials.confirmedAt),
    })
    .returning({ customerId: totpCredentials.customerId });
  return rows.length > 0;
}

/**
 * Records `step` as used, atomically: of two requests with the same code only one finds the step still
 * unused. `confirm` also activates a pending enrolment.
 */
export async function useTotpStep(
  executor: DatabaseExecutor,
  customerId: string,
  step: number,
  now: Date,
  mode: 'confirm' | 'verify',
): Promise<boolean> {
  const rows = await executor
    .update(totpCredentials)
    .set({ lastUsedStep: step, updatedAt: now, ...(mode === 'confirm' ? { confirmedAt: now } : {}) })
    .where(
      and(
        eq(totpCredentials.customerId, customerId),
        mode === 'confirm' ? isNull(totpCredentials.confirmedAt) : isNotNull(totpCredentials.confirmedAt),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ customerId: totpCredentials.customerId });
  return rows.length > 0;
}

export async function deleteTotpCredential(
  executor: DatabaseExecutor,
  customerId: string,
): Promise<TotpCredential | undefined> {
  const [row] = await executor
    .delete(totpCredentials)
    .where(eq(totpCredentials.customerId, customerId))
    .returning();
  return row;
}
