import { operatorPasswordResets, operators, type Database, type DatabaseExecutor } from '@fund/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { uuidPattern } from '../../../shared/uuid.ts';

export interface OperatorRow {
  readonly id: string;
  readonly loginId: string;
  readonly name: string;
  readonly email: string | null;
  readonly lockedAt: Date | null;
  readonly temporaryPassword: boolean;
}

export interface OperatorCredentialRow extends OperatorRow {
  readonly passwordHash: string;
}

const operatorColumns = {
  id: operators.id,
  loginId: operators.loginId,
  name: operators.name,
  email: operators.email,
  lockedAt: operators.lockedAt,
  temporaryPassword: operators.temporaryPassword,
};

/** The operator with this id (an operator token's `sub`); undefined for anything else, customers included. */
export async function findOperatorById(db: Database, id: string): Promise<OperatorRow | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [row] = await db.select(operatorColumns).from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

export async function findOperatorByLoginId(
  db: Database,
  loginId: string,
): Promise<OperatorCredentialRow | undefined> {
  const [row] = await db
    .select({ ...operatorColumns, passwordHash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.loginId, loginId))
    .limit(1);
  return row;
}

/**
 * Counts a wrong password and locks when the count reaches `threshold`, in one statement (as for
 * customers), so concurrent wrong attempts cannot skip the lock. Returns whether this attempt locked.
 */
export async function recordOperatorWrongPassword(
  db: DatabaseExecutor,
  operatorId: string,
  threshold: number,
): Promise<{ lockedNow: boolean }> {
  const [row] = await db
    .update(operators)
    .set({
      consecutiveFailures: sql`${operators.consecutiveFailures} + 1`,
      lockedAt: sql`CASE WHEN ${operators.lockedAt} IS NULL AND ${operators.consecutiveFailures} + 1 >= ${threshold} THEN now() ELSE ${operators.lockedAt} END`,
    })
    .where(eq(operators.id, operatorId))
    .returning({ failures: operators.consecutiveFailures, lockedAt: operators.lockedAt });
  return { lockedNow: row !== undefined && row.lockedAt !== null && row.failures === threshold };
}

export async function resetOperatorFailures(db: DatabaseExecutor, operatorId: string): Promise<void> {
  await db.update(operators).set({ consecutiveFailures: 0 }).where(eq(operators.id, operatorId));
}

/** A password the operator chose: no longer temporary; open reset codes end with the old password. */
export async function setOperatorPassword(
  db: Database,
  operatorId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ passwordHash, temporaryPassword: false, consecutiveFailures: 0 })
      .where(eq(operators.id, operatorId));
    await tx
      .update(operatorPasswordResets)
      .set({ consumedAt: now })
      .where(
        and(eq(operatorPasswordResets.operatorId, operatorId), isNull(operatorPasswordResets.consumedAt)),
      );
  });
}

export interface OpenResetCode {
  readonly id: string;
  readonly codeHash: string;
  readonly failedAttempts: number;
}

/** Replaces any open code of the operator with a new one (only the newest mailed code works). */
export async function insertResetCode(
  db: Database,
  input: {
    readonly id: string;
    readonly operatorId: string;
    readonly codeHash: string;
    readonly expiresAt: Date;
    readonly now: Date;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(operatorPasswordResets)
      .set({ consumedAt: input.now })
      .where(
        and(
          eq(operatorPasswordResets.operatorId, input.operatorId),
          isNull(operatorPasswordResets.consumedAt),
        ),
      );
    await tx.insert(operatorPasswordResets).values({
      id: input.id,
      operatorId: input.operatorId,
      codeHash: input.codeHash,
      expiresAt: input.expiresAt,
      createdAt: input.now,
    });
  });
}

export async function findOpenResetCode(
  db: Database,
  operatorId: string,
  now: Date,
): Promise<OpenResetCode | undefined> {
  const [row] = await db
    .select({
      id: operatorPasswordResets.id,
      codeHash: operatorPasswordResets.codeHash,
      failedAttempts: operatorPasswordResets.failedAttempts,
    })
    .from(operatorPasswordResets)
    .where(
      and(
        eq(operatorPasswordResets.operatorId, operatorId),
        isNull(operatorPasswordResets.consumedAt),
        gt(operatorPasswordResets.expiresAt, now),
      ),
    )
    .orderBy(desc(operatorPasswordResets.createdAt))
    .limit(1);
  return row;
}

/** Counts a wrong code; the code is spent (consumed) when the count reaches `maxAttempts`. */
export async function recordWrongResetCode(
  db: Database,
  id: string,
  maxAttempts: number,
  now: Date,
): Promise<void> {
  await db
    .update(operatorPasswordResets)
    .set({
      failedAttempts: sql`${operatorPasswordResets.failedAttempts} + 1`,
      consumedAt: sql`CASE WHEN ${operatorPasswordResets.failedAttempts} + 1 >= ${maxAttempts} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
    })
    .where(and(eq(operatorPasswordResets.id, id), isNull(operatorPasswordResets.consumedAt)));
}

/** Uses the code exactly once: false when a concurrent request used it first. */
export async function consumeResetCode(db: Database, id: string, now: Date): Promise<boolean> {
  const consumed = await db
    .update(operatorPasswordResets)
    .set({ consumedAt: now })
    .where(and(eq(operatorPasswordResets.id, id), isNull(operatorPasswordResets.consumedAt)))
    .returning({ id: operatorPasswordResets.id });
  return consumed.length > 0;
}
