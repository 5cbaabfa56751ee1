import { calendarDateOf, jstInstant, type IsoDate, type YearMonth } from '@fund/domain';

/** The dates and months the demo history replays its scripts on (demo-history-engine.ts). */

/** A JST wall-clock time on a date. */
export function instantOn(date: IsoDate, hour: number, minute = 0): Date {
  const { year, month, day } = calendarDateOf(date);
  return jstInstant(year, month, day, hour, minute);
}

export function monthAfter(month: YearMonth): YearMonth {
  return month.month === 12
    ? { year: month.year + 1, month: 1 }
    : { year: month.year, month: month.month + 1 };
}

export function monthsFrom(first: YearMonth, last: YearMonth): YearMonth[] {
  const months: YearMonth[] = [];
  for (
    let month = first;
    month.year * 12 + month.month <= last.year * 12 + last.month;
    month = monthAfter(month)
  )
    months.push(month);
  return months;
}

/** A script's yyyy-mm. */
export function monthOf(text: string): YearMonth {
  return { year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)) };
}
