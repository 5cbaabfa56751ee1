import {
  paymentStatusMachine,
  recurringAmountForMonth,
  type PaymentStatusType,
  type RecurringPlanTerms,
  type Yen,
  type YearMonth,
} from '@fund/domain';
import type { RecurringDebit, RecurringPurchase } from '@fund/db';
import { monthKey } from '../batch-data.ts';

/** What the recurring-debits step's per-item and set-based paths both decide the same way. */

/**
 * The reason a 口座振替 fails when the customer has no bank account registered on the debit date: there is
 * nothing to debit, so it fails like any failed debit (decision 035), never succeeds.
 */
export const bankAccountMissingReason = '口座振替の金融機関口座が登録されていません';

/** Decides whether a customer's debit fails (the bank's answer); undefined = it succeeds. */
export type DebitFailureRule = (customer: { accountNumber: string; email: string }) => string | undefined;

function termsOf(plan: RecurringPurchase): RecurringPlanTerms {
  return {
    amount: plan.amount as Yen,
    bonus:
      plan.bonusAmount === null || plan.bonusMonths.length === 0
        ? undefined
        : { months: plan.bonusMonths, amount: plan.bonusAmount as Yen },
    paymentMethod: plan.paymentMethod,
  };
}

/** The customer's plans with their amounts for the month, in debit order: larger amounts first. */
export function debitsInOrder(
  plans: readonly RecurringPurchase[],
  month: YearMonth,
): { plan: RecurringPurchase; index: number; amount: bigint }[] {
  return plans
    .map((plan, index) => ({ plan, index, amount: recurringAmountForMonth(termsOf(plan), month.month) }))
    .sort((a, b) => (a.amount === b.amount ? a.index - b.index : a.amount > b.amount ? -1 : 1));
}

/** What the card plans have been charged for the month already (a failed charge does not count). */
export function cardChargedAlready(
  plans: readonly Pick<RecurringPurchase, 'id' | 'paymentMethod'>[],
  debits: readonly RecurringDebit[],
): bigint {
  const paymentMethodOf = new Map(plans.map((plan) => [plan.id, plan.paymentMethod]));
  return debits
    .filter(
      (row) =>
        paymentMethodOf.get(row.recurringPurchaseId) === 'CREDIT_CARD' && row.paymentStatus !== 'FAILURE',
    )
    .reduce((sum, row) => sum + row.amount, 0n);
}

/** The last status of a debit's path, each transition checked by the payment status machine. */
export function statusPath(...path: PaymentStatusType[]): PaymentStatusType {
  for (let index = 1; index < path.length; index += 1)
    paymentStatusMachine.assertTransition(path[index - 1]!, path[index]!);
  return path.at(-1)!;
}

export interface Debited {
  readonly plan: Pick<RecurringPurchase, 'id' | 'paymentMethod'>;
  readonly amount: bigint;
}

export function debitMethodName(plan: Pick<RecurringPurchase, 'paymentMethod'>): string {
  return plan.paymentMethod === 'CREDIT_CARD' ? 'クレジットカード決済' : '口座振替';
}

/** `積立 口座振替 <plan id> 2026-10`, the plans in the order they were debited when there are several. */
export function debitEntryDescription(debited: readonly Debited[], month: YearMonth): string {
  const plans = debited.map(({ plan }) => `${debitMethodName(plan)} ${plan.id}`).join('、');
  return `積立 ${plans} ${monthKey(month)}`;
}
