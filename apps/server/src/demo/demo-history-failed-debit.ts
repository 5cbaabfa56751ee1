import { recurringDebits, recurringPurchases, type Transaction } from '@fund/db';
import { paymentStatusMachine, recordDebitOutcome, type IsoDate, type YearMonth } from '@fund/domain';
import { eq } from 'drizzle-orm';
import { firstDayOf } from '../jobs/batch-data.ts';

/**
 * A failed 口座振替 of one plan, written as the debit step writes a failure (NONE → PROCESSING →
 * FAILURE with the reason, the failures in a row counted); the step then debits the customer's other
 * plans of the month and skips this one, whose month is done.
 */
export async function failDebit(
  tx: Transaction,
  planId: string,
  amount: bigint,
  month: YearMonth,
  debitDate: IsoDate,
): Promise<void> {
  paymentStatusMachine.assertTransition('NONE', 'PROCESSING');
  paymentStatusMachine.assertTransition('PROCESSING', 'FAILURE');
  await tx.insert(recurringDebits).values({
    recurringPurchaseId: planId,
    month: firstDayOf(month),
    debitDate,
    amount,
    paymentStatus: 'FAILURE',
    failureReason: '残高不足',
  });
  const [plan] = await tx
    .select({ failures: recurringPurchases.consecutiveDebitFailures })
    .from(recurringPurchases)
    .where(eq(recurringPurchases.id, planId));
  const state = recordDebitOutcome(plan?.failures ?? 0, 'FAILURE');
  await tx
    .update(recurringPurchases)
    .set({
      consecutiveDebitFailures: Math.min(state.consecutiveFailures, 3),
      ...(state.suspend ? { status: 'SUSPENDED' as const } : {}),
    })
    .where(eq(recurringPurchases.id, planId));
}
