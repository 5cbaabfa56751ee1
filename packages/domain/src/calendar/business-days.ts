import { Weekday } from '../time/jst.ts';
import { addCalendarDays, calendarDateOf, isoDate, weekdayOf, type IsoDate } from './iso-date.ts';
import { isJapaneseHoliday } from './japanese-holidays.ts';

/**
 * Business days (営業日, domain.md §2): Monday to Friday, except Japanese national holidays and the
 * year-end and New Year closure of 31 December to 3 January, when banks and the seller are closed.
 *
 * Each fund may add its own non-business days (e.g. New York or London market holidays, 海外休場日):
 * pass them as `extraHolidays`. Without them the functions give the seller's (domestic) business days.
 */

/** A set of extra non-business days, e.g. one fund's foreign-market holidays. */
export type ExtraHolidays = ReadonlySet<IsoDate>;

export const noExtraHolidays: ExtraHolidays = new Set<IsoDate>();

/** Builds a fund's holiday set from stored `YYYY-MM-DD` strings, refusing any malformed date. */
export function extraHolidaysOf(dates: Iterable<string>): ExtraHolidays {
  return new Set([...dates].map(isoDate));
}

/**
 * No calendar this package can be given closes for longer than this many days in a row; a longer run
 * means a broken holiday table, and failing loudly beats searching forever.
 */
const longestClosure = 366;

/** 12/31, 1/1, 1/2 and 1/3 (年末年始). */
export function isYearEndClosure(date: IsoDate): boolean {
  const { month, day } = calendarDateOf(date);
  return (month === 12 && day === 31) || (month === 1 && day <= 3);
}

export function isBusinessDay(date: IsoDate, extraHolidays: ExtraHolidays = noExtraHolidays): boolean {
  const weekday = weekdayOf(date);
  if (weekday === Weekday.saturday || weekday === Weekday.sunday) return false;
  if (isYearEndClosure(date) || isJapaneseHoliday(calendarDateOf(date))) return false;
  return !extraHolidays.has(date);
}

function step(date: IsoDate, direction: 1 | -1, extraHolidays: ExtraHolidays): IsoDate {
  let candidate = date;
  for (let tried = 0; tried < longestClosure; tried += 1) {
    candidate = addCalendarDays(candidate, direction);
    if (isBusinessDay(candidate, extraHolidays)) return candidate;
  }
  throw new RangeError(`No business day within ${longestClosure} days of ${date}`);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: IsoDate, extraHolidays: ExtraHolidays = noExtraHolidays): IsoDate {
  return step(date, 1, extraHolidays);
}

/** The last business day strictly before `date`. */
export function previousBusinessDay(date: IsoDate, extraHolidays: ExtraHolidays = noExtraHolidays): IsoDate {
  return step(date, -1, extraHolidays);
}

/** `date` itself when it is a business day, else the next one (「休業日の場合は翌営業日」). */
export function businessDayOnOrAfter(date: IsoDate, extraHolidays: ExtraHolidays = noExtraHolidays): IsoDate {
  return isBusinessDay(date, extraHolidays) ? date : nextBusinessDay(date, extraHolidays);
}

/**
 * The business day `count` business days after `date` (before it when negative): T+2 from a Monday
 * with no holidays is the Wednesday. With `count` 0 the date itself is returned, business day or not.
 */
export function addBusinessDays(
  date: IsoDate,
  count: number,
  extraHolidays: ExtraHolidays = noExtraHolidays,
): IsoDate {
  if (!Number.isInteger(count)) throw new RangeError(`Business days must be a whole number, got ${count}`);
  let result = date;
  for (let moved = 0; moved < Math.abs(count); moved += 1) {
    result = step(result, count > 0 ? 1 : -1, extraHolidays);
  }
  return result;
}
