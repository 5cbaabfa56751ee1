/**
 * The yearly re-confirmation rule (spec §4, §5, §9): the first-use confirmation is due when the last
 * confirmation is at least one whole year before today, both as calendar dates in Japan.
 *
 * Whole years are counted the way an anniversary is: the year is complete once today's month and day
 * reach those of the last confirmation. A confirmation on 29 February has no anniversary in a common
 * year; its year is complete at the end of 28 February (民法第143条第2項: a period ends the day before the
 * corresponding day, or on the last day of the month when that day does not exist), so it is due from
 * 1 March. Examples: 2025-02-28 → due on 2026-02-28; 2024-02-29 → not due on 2025-02-28, due on
 * 2025-03-01; 2023-03-01 → not due on 2024-02-29.
 */

interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(value: string): CalendarDate | undefined {
  const match = isoDatePattern.exec(value);
  if (match === null) return undefined;
  const [year, month, day] = [match[1], match[2], match[3]].map(Number);
  if (year === undefined || month === undefined || day === undefined) return undefined;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > lastDay) return undefined;
  return { year, month, day };
}

/** Whole years from `from` to `to` (YYYY-MM-DD); negative when `to` is earlier. */
export function wholeYearsBetween(from: string, to: string): number {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (start === undefined || end === undefined) throw new RangeError(`Not a date: ${from} / ${to}`);
  const calendarYears = end.year - start.year;
  const endKey = end.month * 100 + end.day;
  const startKey = start.month * 100 + start.day;
  if (calendarYears > 0 && endKey < startKey) return calendarYears - 1;
  if (calendarYears < 0 && endKey > startKey) return calendarYears + 1;
  return calendarYears;
}

/**
 * Whether the re-confirmation is due on `today` (JST date, YYYY-MM-DD). A customer who has never
 * confirmed (null) is due: this is the first use. An unreadable date counts as never confirmed.
 */
export function isReconfirmationDue(lastConfirmedOn: string | null, today: string): boolean {
  if (lastConfirmedOn === null || parseIsoDate(lastConfirmedOn) === undefined) return true;
  return wholeYearsBetween(lastConfirmedOn, today) >= 1;
}
