import { calendarDateOf, jstInstant, type IsoDate, type YearMonth } from '@fund/domain';

/** Dates, months and formats the batch steps share (no queries: those are in batch-data.repository.ts). */

// Notices print money, units and dates as the screens do (one formatter, @fund/domain display).
export { formatJapaneseDate, formatUnits, formatYen } from '@fund/domain';

/** `yyyy-mm` of a month, the month part of the batch's idempotency keys. */
export function monthKey(month: YearMonth): string {
  return `${month.year}-${String(month.month).padStart(2, '0')}`;
}

/** The first day of a month as a SQL date (`recurring_debits.month`, `start_month`). */
export function firstDayOf(month: YearMonth): string {
  return `${monthKey(month)}-01`;
}

export function previousYearMonth(month: YearMonth): YearMonth {
  return month.month === 1
    ? { year: month.year - 1, month: 12 }
    : { year: month.year, month: month.month - 1 };
}

/**
 * The instant orders placed by the batch for a business date carry: 09:00 JST of that date, before the
 * cut-off, so their 申込日 is the date itself (or the fund's next business day on a fund holiday).
 */
export function batchOrderInstant(date: IsoDate): Date {
  const { year, month, day } = calendarDateOf(date);
  return jstInstant(year, month, day, 9, 0);
}
