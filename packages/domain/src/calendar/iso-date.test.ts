import { describe, expect, it } from 'vitest';
import { jstInstant, Weekday } from '../time/jst.ts';
import {
  addCalendarDays,
  calendarDateOf,
  dateInMonth,
  InvalidDateError,
  isIsoDate,
  isoDate,
  isoDateOf,
  jstDateOf,
  nextYearMonth,
  weekdayOf,
  yearMonthOf,
  yearOf,
} from './iso-date.ts';

describe('ISO calendar dates', () => {
  it('accepts real dates only: 2028-02-29 is a leap day, 2026-02-29 and 2026-13-01 do not exist', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-1-5')).toBe(false);
    expect(isIsoDate('2026-01-05T00:00')).toBe(false);
    expect(isIsoDate(20260105)).toBe(false);
    expect(() => isoDate('2026-02-30')).toThrow(InvalidDateError);
  });

  it('converts to and from calendar dates', () => {
    expect(isoDateOf({ year: 2026, month: 1, day: 5 })).toBe('2026-01-05');
    expect(calendarDateOf(isoDate('2026-01-05'))).toEqual({ year: 2026, month: 1, day: 5 });
    expect(yearOf(isoDate('2026-12-31'))).toBe(2026);
    expect(yearMonthOf(isoDate('2026-12-31'))).toEqual({ year: 2026, month: 12 });
  });

  it('takes the JST date of an instant: 2026-01-09 23:30 JST is 14:30 UTC the same day, 2026-01-10 00:30 JST is 2026-01-09 UTC', () => {
    expect(jstDateOf(jstInstant(2026, 1, 9, 23, 30))).toBe('2026-01-09');
    expect(jstDateOf(jstInstant(2026, 1, 10, 0, 30))).toBe('2026-01-10');
    expect(jstDateOf(new Date('2026-01-09T15:30:00Z'))).toBe('2026-01-10');
  });

  it('adds calendar days across month and year ends and leap days', () => {
    expect(addCalendarDays(isoDate('2026-12-31'), 1)).toBe('2027-01-01');
    expect(addCalendarDays(isoDate('2028-02-28'), 1)).toBe('2028-02-29');
    expect(addCalendarDays(isoDate('2026-03-01'), -1)).toBe('2026-02-28');
    expect(() => addCalendarDays(isoDate('2026-03-01'), 0.5)).toThrow(RangeError);
  });

  it('knows the weekday: 2026-01-09 is a Friday, 2026-01-12 a Monday', () => {
    expect(weekdayOf(isoDate('2026-01-09'))).toBe(Weekday.friday);
    expect(weekdayOf(isoDate('2026-01-12'))).toBe(Weekday.monday);
  });

  it('builds a day of a month and steps months across the year end', () => {
    expect(dateInMonth({ year: 2026, month: 6 }, 27)).toBe('2026-06-27');
    expect(() => dateInMonth({ year: 2026, month: 2 }, 30)).toThrow(InvalidDateError);
    expect(nextYearMonth({ year: 2026, month: 12 })).toEqual({ year: 2027, month: 1 });
    expect(nextYearMonth({ year: 2026, month: 5 })).toEqual({ year: 2026, month: 6 });
  });
});
