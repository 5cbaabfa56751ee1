import { monthlyDeposits, type Database, type Transaction } from '@fund/db';
import { and, eq } from 'drizzle-orm';

/** The active 毎月の入金 plans with their debit day, from which the step finds those due today. */
export async function activeMonthlyDeposits(db: Database) {
  return db
    .select({ id: monthlyDeposits.id, debitDay: monthlyDeposits.debitDay })
    .from(monthlyDeposits)
    .where(eq(monthlyDeposits.status, 'ACTIVE'));
}

/** The plan, locked, if it is still active. */
export async function lockActiveMonthlyDeposit(tx: Transaction, planId: string) {
  const [plan] = await tx
    .select()
    .from(monthlyDeposits)
    .where(and(eq(monthlyDeposits.id, planId), eq(monthlyDeposits.status, 'ACTIVE')))
    .for('update');
  return plan;
}
