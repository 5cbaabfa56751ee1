import { DomainError } from '../errors/domain-error.ts';
import { formatIsoDate, jstIsoDate, type JstCalendarDate, type Weekday } from '../time/jst.ts';

/**
 * A calendar date in Japan as `YYYY-MM-DD`, the one date form of the business rules: it is what SQL
 * `date` columns and holiday tables use, it sorts and compares as a plain string, and it keys a `Set`.
 * The brand guarantees it was validated (a real Gregorian date, four-digit year).
 */
declare const isoDateBrand: unique symbol;
export type IsoDate = string & { readonly [isoDateBrand]: true };

/** A calendar month; month is 1-12. */
export interface YearMonth {
  readonly year: number;
  readonly month: number;
}

export class InvalidDateError extends DomainError {
  override readonly name = 'InvalidDateError';
  readonly code = 'invalid-date';

  readonly input: unknown;

  constructor(input: unknown) {
    super(`Not a calendar date in YYYY-MM-DD form: ${String(input)}`);
    this.input = input;
  }
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const millisecondsPerDay = 24 * 60 * 60 * 1000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = isoDatePattern.exec(value);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Validates `YYYY-MM-DD` (including 29 February only in leap years); throws `InvalidDateError`. */
export function isoDate(value: string): IsoDate {
  if (!isIsoDate(value)) throw new InvalidDateError(value);
  return value;
}

export function isoDateOf(date: JstCalendarDate): IsoDate {
  return isoDate(formatIsoDate(date));
}

/** The JST calendar date on which `instant` falls. */
export function jstDateOf(instant: Date): IsoDate {
  return isoDate(jstIsoDate(instant));
}

export function calendarDateOf(date: IsoDate): JstCalendarDate {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

export function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

export function yearMonthOf(date: IsoDate): YearMonth {
  return { year: yearOf(date), month: Number(date.slice(5, 7)) };
}

// Calendar arithmetic runs on UTC midnights: a pure date has no time zone, and UTC has no DST jumps.
function utcMidnight(date: IsoDate): number {
  const { year, month, day } = calendarDateOf(date);
  return Date.UTC(year, month - 1, day);
}

function fromUtcMidnight(time: number): IsoDate {
  const moment = new Date(time);
  return isoDateOf({
    year: moment.getUTCFullYear(),
    month: moment.getUTCMonth() + 1,
    day: moment.getUTCDate(),
  });
}

export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be a whole number, got ${days}`);
  return fromUtcMidnight(utcMidnight(date) + days * millisecondsPerDay);
}

/** 0 = Sunday … 6 = Saturday, as `Weekday` in `time/jst.ts` counts. */
export function weekdayOf(date: IsoDate): Weekday {
  return new Date(utcMidnight(date)).getUTCDay() as Weekday;
}

/** The date `day` of a month; throws `InvalidDateError` when the month has no such day. */
export function dateInMonth(yearMonth: YearMonth, day: number): IsoDate {
  return isoDateOf({ year: yearMonth.year, month: yearMonth.month, day });
}

export function nextYearMonth(yearMonth: YearMonth): YearMonth {
  return yearMonth.month === 12
    ? { year: yearMonth.year + 1, month: 1 }
    : { year: yearMonth.year, month: yearMonth.month + 1 };
}
