import { isBusinessDay, previousBusinessDay } from '../calendar/business-days.ts';
import { addCalendarDays, dateInMonth, yearMonthOf, type IsoDate } from '../calendar/iso-date.ts';

/**
 * The periodic 電子交付書面 the daily batch issues (decision 017, "Issued by the batch"), from the business
 * date alone:
 * - 取引残高報告書: 金融商品取引業等に関する内閣府令 asks for one at least every quarter to a customer who
 *   traded in it, and at least once a year to one who holds something without trading. On the first
 *   business day of January, April, July and October the quarter just ended is reported, as of its last
 *   calendar day (a holiday or not: the report shows the balance at the end of that day); the quarter
 *   ending 31 December is also the yearly report of every customer holding units or cash.
 * - 特定口座年間取引報告書: on the first business day of January, the previous calendar year's.
 * The first business day, not the 1st: the batch does not run on closed days (1–3 January never), and
 * the quarter's last settlements are in by then.
 */

export interface BalanceReportDue {
  readonly kind: 'BALANCE_REPORT';
  /** The quarter's first day. */
  readonly periodStart: IsoDate;
  /** The quarter's last calendar day: the report's 基準日. */
  readonly asOf: IsoDate;
  /** The quarter ending 31 December: every customer holding units or cash gets one, trades or not. */
  readonly yearly: boolean;
}

export interface AnnualSpecificAccountReportDue {
  readonly kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT';
  readonly year: number;
}

export type PeriodicReportDue = BalanceReportDue | AnnualSpecificAccountReportDue;

/** Whether `date` is a business day and the first one of its month. */
export function isFirstBusinessDayOfMonth(date: IsoDate): boolean {
  if (!isBusinessDay(date)) return false;
  const { year, month } = yearMonthOf(date);
  const previous = yearMonthOf(previousBusinessDay(date));
  return previous.year !== year || previous.month !== month;
}

/** The periodic reports due on `businessDate`; none on most days. */
export function periodicReportsDue(businessDate: IsoDate): PeriodicReportDue[] {
  if (!isFirstBusinessDayOfMonth(businessDate)) return [];
  const { year, month } = yearMonthOf(businessDate);
  if ((month - 1) % 3 !== 0) return [];
  const quarterYear = month === 1 ? year - 1 : year;
  const firstMonth = month === 1 ? 10 : month - 3;
  const balance: BalanceReportDue = {
    kind: 'BALANCE_REPORT',
    periodStart: dateInMonth({ year: quarterYear, month: firstMonth }, 1),
    asOf: addCalendarDays(dateInMonth({ year, month }, 1), -1),
    yearly: month === 1,
  };
  return month === 1 ? [balance, { kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT', year: year - 1 }] : [balance];
}
