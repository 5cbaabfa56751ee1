import { operatorAssignments, operators, type DatabaseExecutor } from '@fund/db';
import { and, count, eq, isNull, ne } from 'drizzle-orm';

/** The writes of the operator command (operator-accounts.service.ts): create, disable, reset a password. */

export async function operatorIdByLoginId(
  db: DatabaseExecutor,
  loginId: string,
): Promise<{ readonly id: string; readonly lockedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ id: operators.id, lockedAt: operators.lockedAt })
    .from(operators)
    .where(eq(operators.loginId, loginId))
    .limit(1);
  return row;
}

/** Inserts an operator with a temporary password and its branches; undefined when the login id is taken. */
export async function insertOperator(
  db: DatabaseExecutor,
  input: {
    readonly loginId: string;
    readonly name: string;
    readonly email: string | null;
    readonly passwordHash: string;
    readonly branchCodes: readonly string[];
  },
): Promise<string | undefined> {
  const [row] = await db
    .insert(operators)
    .values({
      loginId: input.loginId,
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
      temporaryPassword: true,
    })
    .onConflictDoNothing({ target: operators.loginId })
    .returning({ id: operators.id });
  if (row === undefined) return undefined;
  if (input.branchCodes.length > 0) {
    await db
      .insert(operatorAssignments)
      .values(input.branchCodes.map((branchCode) => ({ operatorId: row.id, branchCode })));
  }
  return row.id;
}

/** Operators other than this one who can still sign in (not locked). */
export async function countOtherEnabledOperators(db: DatabaseExecutor, operatorId: string): Promise<number> {
  const [row] = await db
    .select({ enabled: count() })
    .from(operators)
    .where(and(ne(operators.id, operatorId), isNull(operators.lockedAt)));
  return row?.enabled ?? 0;
}

/** Disabling is the lock: a locked operator's sign-in is refused, and nothing but this command sets it. */
export async function lockOperator(db: DatabaseExecutor, operatorId: string, now: Date): Promise<void> {
  await db.update(operators).set({ lockedAt: now }).where(eq(operators.id, operatorId));
}

/** A new temporary password: the operator must choose their own at the next sign-in. */
export async function setTemporaryOperatorPassword(
  db: DatabaseExecutor,
  operatorId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .update(operators)
    .set({ passwordHash, temporaryPassword: true, consecutiveFailures: 0 })
    .where(eq(operators.id, operatorId));
}
