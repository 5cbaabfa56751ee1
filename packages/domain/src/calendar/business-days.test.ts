import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  businessDayOnOrAfter,
  extraHolidaysOf,
  isBusinessDay,
  isYearEndClosure,
  nextBusinessDay,
  previousBusinessDay,
} from './business-days.ts';
import { InvalidDateError, isoDate } from './iso-date.ts';

const d = isoDate;

describe('business days: Mon–Fri, no national holiday, no 12/31–1/3', () => {
  it('counts an ordinary Friday, not the weekend', () => {
    expect(isBusinessDay(d('2026-01-09'))).toBe(true);
    expect(isBusinessDay(d('2026-01-10'))).toBe(false);
    expect(isBusinessDay(d('2026-01-11'))).toBe(false);
  });

  it('skips national holidays: 成人の日 2026-01-12 and the substitute holiday 2026-05-06', () => {
    expect(isBusinessDay(d('2026-01-12'))).toBe(false);
    expect(isBusinessDay(d('2026-05-06'))).toBe(false);
  });

  it('closes 12/31 to 1/3 even on weekdays: 2026-12-31 (Thu) and 2029-01-02 (Tue), 2029-01-03 (Wed)', () => {
    expect(isYearEndClosure(d('2026-12-31'))).toBe(true);
    expect(isBusinessDay(d('2026-12-31'))).toBe(false);
    expect(isBusinessDay(d('2029-01-02'))).toBe(false);
    expect(isBusinessDay(d('2029-01-03'))).toBe(false);
    expect(isBusinessDay(d('2029-01-04'))).toBe(true);
    expect(isYearEndClosure(d('2026-12-30'))).toBe(false);
  });

  it('goes from Wednesday 2026-12-30 to Monday 2027-01-04 over the year end', () => {
    expect(nextBusinessDay(d('2026-12-30'))).toBe('2027-01-04');
    expect(previousBusinessDay(d('2027-01-04'))).toBe('2026-12-30');
  });

  it('goes over Golden Week 2026: Friday 05-01 → Thursday 05-07 (05-04, 05-05, 05-06 holidays)', () => {
    expect(nextBusinessDay(d('2026-05-01'))).toBe('2026-05-07');
  });

  it('goes over Silver Week 2026: Friday 09-18 → Thursday 09-24 (09-21, 09-22, 09-23 holidays)', () => {
    expect(nextBusinessDay(d('2026-09-18'))).toBe('2026-09-24');
  });

  it('adds a fund’s foreign-market holidays on top: with 2026-05-07 closed in New York, 05-01 → 05-08', () => {
    const newYork = extraHolidaysOf(['2026-05-07']);
    expect(isBusinessDay(d('2026-05-07'), newYork)).toBe(false);
    expect(nextBusinessDay(d('2026-05-01'), newYork)).toBe('2026-05-08');
  });

  it('refuses a malformed fund holiday instead of ignoring it', () => {
    expect(() => extraHolidaysOf(['2026-5-7'])).toThrow(InvalidDateError);
  });

  it('adds business days: Friday 2026-01-09 + 1 = Tuesday 01-13, + 3 = Thursday 01-15; − 1 from 01-13 = 01-09', () => {
    expect(addBusinessDays(d('2026-01-09'), 1)).toBe('2026-01-13');
    expect(addBusinessDays(d('2026-01-09'), 3)).toBe('2026-01-15');
    expect(addBusinessDays(d('2026-01-13'), -1)).toBe('2026-01-09');
    expect(addBusinessDays(d('2026-01-10'), 0)).toBe('2026-01-10');
    expect(() => addBusinessDays(d('2026-01-09'), 1.5)).toThrow(RangeError);
  });

  it('keeps a business day as it is and moves a holiday forward', () => {
    expect(businessDayOnOrAfter(d('2026-01-09'))).toBe('2026-01-09');
    expect(businessDayOnOrAfter(d('2026-01-10'))).toBe('2026-01-13');
  });

  it('fails loudly on a holiday table that closes every day instead of searching forever', () => {
    const everyDay = new Set(Array.from({ length: 400 }, (_, i) => addDaysText(i)));
    expect(() => nextBusinessDay(d('2026-01-01'), extraHolidaysOf(everyDay))).toThrow(RangeError);
  });
});

function addDaysText(offset: number): string {
  return new Date(Date.UTC(2026, 0, 2 + offset)).toISOString().slice(0, 10);
}
