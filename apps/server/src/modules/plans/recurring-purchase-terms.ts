import { type RecurringPurchase as RecurringPurchaseAnswer } from '@fund/contracts';
import { type RecurringPurchase } from '@fund/db';
import { type PaymentMethod, type RecurringPlanTerms, type YearMonth, type Yen } from '@fund/domain';
import { fundAnswer, yearMonthOfColumn } from './plan-changes.ts';
import { type PlanFund } from './plans.repository.ts';

/** A 積立's terms (amount, bonus, payment method): in force, after its pending change, and as answered. */

export const laterMonth = (a: YearMonth, b: YearMonth): YearMonth =>
  a.year * 12 + a.month >= b.year * 12 + b.month ? a : b;
export const monthOfColumn = (value: string): YearMonth => ({
  year: Number(value.slice(0, 4)),
  month: Number(value.slice(5, 7)),
});

function termsOf(
  amount: bigint,
  bonusMonths: readonly number[] | null,
  bonusAmount: bigint | null,
  paymentMethod: PaymentMethod,
): RecurringPlanTerms {
  return {
    amount: amount as Yen,
    bonus:
      bonusMonths !== null && bonusMonths.length > 0 && bonusAmount !== null
        ? { months: bonusMonths, amount: bonusAmount as Yen }
        : undefined,
    paymentMethod,
  };
}

/** The plan's terms now in force. */
export function currentTerms(plan: RecurringPurchase): RecurringPlanTerms {
  return termsOf(plan.amount, plan.bonusMonths, plan.bonusAmount, plan.paymentMethod);
}

/** The terms the plan will have once its pending change (if any) applies. */
export function upcomingTerms(plan: RecurringPurchase): RecurringPlanTerms {
  if (plan.batchFlag !== 'update') return currentTerms(plan);
  return termsOf(
    plan.pendingAmount ?? plan.amount,
    plan.pendingBonusMonths ?? plan.bonusMonths,
    plan.pendingBonusMonths === null ? plan.bonusAmount : plan.pendingBonusAmount,
    plan.pendingPaymentMethod ?? plan.paymentMethod,
  );
}

export function sameTerms(a: RecurringPlanTerms, b: RecurringPlanTerms): boolean {
  return (
    a.amount === b.amount &&
    a.paymentMethod === b.paymentMethod &&
    (a.bonus?.amount ?? null) === (b.bonus?.amount ?? null) &&
    JSON.stringify([...(a.bonus?.months ?? [])].sort()) ===
      JSON.stringify([...(b.bonus?.months ?? [])].sort())
  );
}

export function termsAnswer(terms: RecurringPlanTerms) {
  return {
    amount: terms.amount.toString(),
    bonus:
      terms.bonus === undefined
        ? null
        : { months: [...terms.bonus.months], amount: terms.bonus.amount.toString() },
    paymentMethod: terms.paymentMethod,
  };
}

export function recurringAnswer(
  plan: RecurringPurchase,
  fund: PlanFund | undefined,
): RecurringPurchaseAnswer {
  const terms = termsAnswer(currentTerms(plan));
  return {
    id: plan.id,
    fund: fundAnswer(fund),
    accountType: plan.accountType as RecurringPurchaseAnswer['accountType'],
    ...terms,
    status: plan.status,
    startMonth: yearMonthOfColumn(plan.startMonth),
    pendingChange:
      plan.batchFlag === null || plan.batchAppliesFrom === null
        ? null
        : {
            batchFlag: plan.batchFlag,
            appliesFrom: yearMonthOfColumn(plan.batchAppliesFrom),
            terms: plan.batchFlag === 'update' ? termsAnswer(upcomingTerms(plan)) : null,
          },
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

export function bonusOf(body: { bonus?: { months: number[]; amount: number | string } | null | undefined }) {
  return body.bonus === undefined || body.bonus === null
    ? undefined
    : { months: body.bonus.months, amount: BigInt(body.bonus.amount) as Yen };
}
