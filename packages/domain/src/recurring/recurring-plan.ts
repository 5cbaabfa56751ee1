import type { PaymentMethod } from '../enums/payment.ts';
import type { Yen } from '../money/money.ts';

/** Recurring purchase (積立) rules (domain.md §3). */
export const recurringPlanRules = {
  minimumAmount: 5_000n,
  amountStep: 1_000n,
  maxBonusMonths: 2,
  /** Card credit for a 累積投資契約: at most this much per month per customer (Cabinet Office ordinance, 2024). */
  cardMonthlyLimit: 100_000n,
} as const;

/**
 * A plan's terms. Bonus months (ボーナス月) add one extra amount in each of up to two distinct months;
 * the extra amount follows the same rules as the monthly amount (≥ 5,000 yen, 1,000-yen steps), so every
 * month's total is itself a valid plan amount.
 */
export interface RecurringPlanTerms {
  readonly amount: Yen;
  readonly bonus?: { readonly months: readonly number[]; readonly amount: Yen } | undefined;
  readonly paymentMethod: PaymentMethod;
}

export type RecurringPlanIssue =
  | { readonly field: 'amount' | 'bonusAmount'; readonly reason: 'below-minimum' | 'not-in-steps-of-1000' }
  | {
      readonly field: 'bonusMonths';
      readonly reason: 'none' | 'too-many' | 'not-a-month' | 'duplicate';
    };

export type RecurringPlanCheck =
  { readonly ok: true } | { readonly ok: false; readonly issues: readonly RecurringPlanIssue[] };

function amountIssues(field: 'amount' | 'bonusAmount', amount: Yen): RecurringPlanIssue[] {
  const issues: RecurringPlanIssue[] = [];
  if (amount < recurringPlanRules.minimumAmount) issues.push({ field, reason: 'below-minimum' });
  if (amount % recurringPlanRules.amountStep !== 0n) issues.push({ field, reason: 'not-in-steps-of-1000' });
  return issues;
}

/** Checks one plan's amounts and bonus months, listing every issue. */
export function checkRecurringPlan(terms: RecurringPlanTerms): RecurringPlanCheck {
  const issues = amountIssues('amount', terms.amount);
  if (terms.bonus !== undefined) {
    const { months } = terms.bonus;
    issues.push(...amountIssues('bonusAmount', terms.bonus.amount));
    if (months.length === 0) issues.push({ field: 'bonusMonths', reason: 'none' });
    if (months.length > recurringPlanRules.maxBonusMonths)
      issues.push({ field: 'bonusMonths', reason: 'too-many' });
    if (months.some((month) => !Number.isInteger(month) || month < 1 || month > 12)) {
      issues.push({ field: 'bonusMonths', reason: 'not-a-month' });
    }
    if (new Set(months).size !== months.length) issues.push({ field: 'bonusMonths', reason: 'duplicate' });
  }
  return issues.length === 0 ? { ok: true } : { ok: false, issues };
}

/** The amount a plan buys in `month` (1-12): the monthly amount, plus the extra in a bonus month. */
export function recurringAmountForMonth(terms: RecurringPlanTerms, month: number): Yen {
  const bonus = terms.bonus !== undefined && terms.bonus.months.includes(month) ? terms.bonus.amount : 0n;
  return (terms.amount + bonus) as Yen;
}

export interface CardMonthOverLimit {
  readonly month: number;
  readonly total: Yen;
}

export type CardLimitCheck =
  { readonly ok: true } | { readonly ok: false; readonly months: readonly CardMonthOverLimit[] };

/**
 * The card limit of 100,000 yen applies per customer and month, so the card plans' amounts are summed for
 * each month of the year with bonus extras included; every month over the limit is reported, in the order
 * the months come from `firstMonth` (1-12, the first month the plans buy in), so the first one reported is
 * the first month the customer would pass the limit in: a refusal names that month, not January of a year
 * whose December comes first. Pass all of the customer's plans as they would be after the change being
 * checked.
 */
export function checkCardMonthlyLimit(plans: readonly RecurringPlanTerms[], firstMonth = 1): CardLimitCheck {
  const cardPlans = plans.filter((plan) => plan.paymentMethod === 'CREDIT_CARD');
  const over: CardMonthOverLimit[] = [];
  for (let offset = 0; offset < 12; offset += 1) {
    const month = ((firstMonth - 1 + offset) % 12) + 1;
    let total = 0n;
    for (const plan of cardPlans) total += recurringAmountForMonth(plan, month);
    if (total > recurringPlanRules.cardMonthlyLimit) over.push({ month, total: total as Yen });
  }
  return over.length === 0 ? { ok: true } : { ok: false, months: over };
}
