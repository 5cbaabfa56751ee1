import type { AccountRoleType, RecurringPurchase } from '@fund/contracts';
import {
  checkCardMonthlyLimit,
  dateInMonth,
  formatMonthDay,
  formatYearMonth,
  jstDateOf,
  paymentMethodChangeEffectiveMonth,
  recurringAmountForMonth,
  recurringScheduleRules,
  scheduleChangeEffectiveMonth,
  transferDebitDate,
  transferPurchaseOrderDate,
  yearMonthOf,
  type IsoDate,
  type PaymentMethod,
  type RecurringPlanTerms,
  type YearMonth,
  type Yen,
} from '@fund/domain';

// The rules of the 積立 screens, from @fund/domain (domain.md §3, §5; spec §5, §9): which account a
// customer may choose, the dates a plan's first month brings, and the card limit before the server is asked.

export type PlanAccountType = RecurringPurchase['accountType'];
export type PlanPaymentMethod = RecurringPurchase['paymentMethod'];

export const planAccountLabels: Record<PlanAccountType, string> = {
  specific: '特定口座',
  general: '一般口座',
  nisa2_tsumitate: 'NISA つみたて投資枠',
  nisa2_growth: 'NISA 成長投資枠',
};

export const paymentMethodLabels: Record<PlanPaymentMethod, string> = {
  ACCOUNT_TRANSFER: '口座振替',
  CREDIT_CARD: 'クレジットカード',
};

/**
 * Business days the purchase order follows the debit. The server's batch setting
 * (BATCH_PURCHASE_LAG_DAYS) defaults to 2; the screens call the order date a 予定 (planned) date.
 */
export const purchaseOrderLagBusinessDays = 2;

export interface AccountChoice {
  readonly value: PlanAccountType;
  readonly disabledReason: string | null;
}

const accountOrder: readonly PlanAccountType[] = ['specific', 'general', 'nisa2_tsumitate', 'nisa2_growth'];

/**
 * Which account types a customer may choose for this fund (decision 012 "Roles"): a corporation 一般口座
 * only, a child 特定口座 only, no NISA for either; NISA buckets only when the fund is eligible for them. A
 * JUNIOR_NISA customer makes no new purchases: the screen says so instead of offering any account.
 */
export function accountChoices(
  role: AccountRoleType | null,
  fundNisa: { readonly tsumitate: boolean; readonly growth: boolean },
): AccountChoice[] {
  const reasonFor = (account: PlanAccountType): string | null => {
    if (role === 'CORPORATION') {
      return account === 'general'
        ? null
        : account === 'specific'
          ? '法人のお客さまは一般口座でのお取引となります。'
          : '法人のお客さまはNISAをご利用いただけません。';
    }
    if (role === 'CHILD') {
      return account === 'specific'
        ? null
        : account === 'general'
          ? '未成年のお客さまは特定口座でのお取引となります。'
          : 'NISAはその年の1月1日に18歳以上の方がご利用いただけます。';
    }
    if (account === 'nisa2_tsumitate' && !fundNisa.tsumitate) {
      return 'このファンドはつみたて投資枠の対象ではありません。';
    }
    if (account === 'nisa2_growth' && !fundNisa.growth)
      return 'このファンドは成長投資枠の対象ではありません。';
    return null;
  };
  return accountOrder.map((value) => ({ value, disabledReason: reasonFor(value) }));
}

const monthText = (month: YearMonth) => `${month.year}-${String(month.month).padStart(2, '0')}`;

export interface PlanStartDates {
  /** The first month the plan buys in (YYYY-MM). */
  readonly startMonth: string;
  /** That month's debit (口座振替) or card charge date: the 27th or the next business day. */
  readonly firstDebitDate: IsoDate;
  /** The planned purchase order date: the debit date plus the batch's lag in business days. */
  readonly firstOrderDate: IsoDate;
}

/** The dates of a new plan set up at `now`: changes up to the 15th apply this month, later ones next month. */
export function newPlanDates(now: Date): PlanStartDates {
  const month = scheduleChangeEffectiveMonth(now);
  return datesOfMonth(month);
}

export function datesOfMonth(month: YearMonth): PlanStartDates {
  return {
    startMonth: monthText(month),
    firstDebitDate: transferDebitDate(month),
    firstOrderDate: transferPurchaseOrderDate(month, purchaseOrderLagBusinessDays),
  };
}

export function yearMonthOfText(text: string): YearMonth {
  return { year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)) };
}

/**
 * The month a change of an existing plan made at `now` applies from (the server's rule): the month's
 * cut-over, and for a switch of payment method the card window (spec §9).
 */
export function changeEffectiveMonth(now: Date, from: PaymentMethod, to: PaymentMethod): YearMonth {
  const cutOver = scheduleChangeEffectiveMonth(now);
  if (from === to) return cutOver;
  const switchMonth = paymentMethodChangeEffectiveMonth(now, from, to);
  return cutOver.year * 12 + cutOver.month >= switchMonth.year * 12 + switchMonth.month
    ? cutOver
    : switchMonth;
}

/**
 * The card switch window as real dates (spec §9, domain.md §3): 「今月分からカード払いにするには11月10日〜
 * 15日にお手続きください」, and what a switch made today does.
 */
export function cardSwitchNotice(now: Date): string {
  const today = jstDateOf(now);
  const thisMonth = yearMonthOf(today);
  const { firstDay, lastDay } = recurringScheduleRules.cardSwitchWindow;
  const windowText = `${formatMonthDay(dateInMonth(thisMonth, firstDay))}〜${lastDay}日`;
  const applies = paymentMethodChangeEffectiveMonth(now, 'ACCOUNT_TRANSFER', 'CREDIT_CARD');
  const appliesText =
    monthText(applies) === monthText(thisMonth)
      ? '今日のお手続きは今月分から適用されます。'
      : `今日のお手続きは${formatYearMonth(monthText(applies))}分から適用されます。`;
  return `口座振替からクレジットカードへの変更を今月分から適用するには、${windowText}にお手続きください（カードの締め日が10日のため）。${appliesText}`;
}

/** The terms of a plan as the domain checks them. */
export function termsOf(plan: {
  readonly amount: string;
  readonly bonus: { readonly months: readonly number[]; readonly amount: string } | null;
  readonly paymentMethod: PaymentMethod;
}): RecurringPlanTerms {
  return {
    amount: BigInt(plan.amount) as Yen,
    bonus:
      plan.bonus === null
        ? undefined
        : { months: plan.bonus.months, amount: BigInt(plan.bonus.amount) as Yen },
    paymentMethod: plan.paymentMethod,
  };
}

/** Plans the card limit counts: every plan not cancelled (a suspended one may resume). */
function livePlans(plans: readonly RecurringPurchase[], except: string | null): RecurringPurchase[] {
  return plans.filter((plan) => plan.status !== 'CANCELED' && plan.id !== except);
}

/** The largest monthly card total of the customer's other plans (bonus months included). */
export function currentCardMonthlyTotal(plans: readonly RecurringPurchase[], except: string | null): bigint {
  const card = livePlans(plans, except)
    .map(termsOf)
    .filter((terms) => terms.paymentMethod === 'CREDIT_CARD');
  let largest = 0n;
  for (let month = 1; month <= 12; month += 1) {
    const total = card.reduce<bigint>((sum, terms) => sum + recurringAmountForMonth(terms, month), 0n);
    if (total > largest) largest = total;
  }
  return largest;
}

/**
 * The first month (from the month a change made at `now` applies) and total a card plan with `terms`
 * would pass the 100,000-yen limit in, or null; the server's refusal names the same month.
 */
export function cardLimitExcess(
  plans: readonly RecurringPurchase[],
  except: string | null,
  terms: RecurringPlanTerms,
  now: Date = new Date(),
): { readonly month: number; readonly total: bigint } | null {
  if (terms.paymentMethod !== 'CREDIT_CARD') return null;
  const firstMonth = scheduleChangeEffectiveMonth(now).month;
  const check = checkCardMonthlyLimit([...livePlans(plans, except).map(termsOf), terms], firstMonth);
  return check.ok ? null : (check.months[0] ?? null);
}
