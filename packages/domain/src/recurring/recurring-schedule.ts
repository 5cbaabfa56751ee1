import { addBusinessDays, businessDayOnOrAfter } from '../calendar/business-days.ts';
import {
  calendarDateOf,
  dateInMonth,
  jstDateOf,
  nextYearMonth,
  yearMonthOf,
  type IsoDate,
  type YearMonth,
} from '../calendar/iso-date.ts';
import type { PaymentMethod } from '../enums/payment.ts';

/** The monthly calendar of recurring purchases (domain.md §3, spec §9), JST. */
export const recurringScheduleRules = {
  /** Account-transfer (口座振替) debit day; the next business day when it is not one. */
  transferDebitDay: 27,
  /**
   * Changes (create, update, cancel) made up to the end of this day apply this month, later ones next
   * month. The 15th is also the last day of the card switch window, so one date closes a month.
   */
  monthlyCutOverDay: 15,
  /** Switching from account transfer to card applies this month only when made on these days. */
  cardSwitchWindow: { firstDay: 10, lastDay: 15 },
} as const;

/** Debit date of a month's account-transfer payment: the 27th, or the next business day. */
export function transferDebitDate(month: YearMonth): IsoDate {
  return businessDayOnOrAfter(dateInMonth(month, recurringScheduleRules.transferDebitDay));
}

/**
 * The purchase order of an account-transfer plan is placed a few business days after the debit is
 * confirmed; how many is the operator's setting, passed as `lagBusinessDays`.
 */
export function transferPurchaseOrderDate(month: YearMonth, lagBusinessDays: number): IsoDate {
  if (!Number.isInteger(lagBusinessDays) || lagBusinessDays < 0) {
    throw new RangeError(`Lag must be a whole number ≥ 0, got ${lagBusinessDays}`);
  }
  return addBusinessDays(transferDebitDate(month), lagBusinessDays);
}

/** The month from which a schedule change made at `changedAt` applies (the month's cut-over rule). */
export function scheduleChangeEffectiveMonth(changedAt: Date): YearMonth {
  const today: IsoDate = jstDateOf(changedAt);
  const thisMonth = yearMonthOf(today);
  return calendarDateOf(today).day <= recurringScheduleRules.monthlyCutOverDay
    ? thisMonth
    : nextYearMonth(thisMonth);
}

/**
 * The month from which a payment-method switch applies. Account transfer → card applies this month only
 * when made from the 10th to the 15th JST, inclusive (the card cycle closes on the 10th, spec §9); made
 * on any other day it applies next month. Every other switch (card → transfer) applies next month too:
 * this month's payment is already under way on the old method and must not be taken twice or missed.
 */
export function paymentMethodChangeEffectiveMonth(
  changedAt: Date,
  from: PaymentMethod,
  to: PaymentMethod,
): YearMonth {
  const today = jstDateOf(changedAt);
  const thisMonth = yearMonthOf(today);
  const { day } = calendarDateOf(today);
  const { firstDay, lastDay } = recurringScheduleRules.cardSwitchWindow;
  const inWindow = day >= firstDay && day <= lastDay;
  if (from === 'ACCOUNT_TRANSFER' && to === 'CREDIT_CARD' && inWindow) return thisMonth;
  return nextYearMonth(thisMonth);
}
