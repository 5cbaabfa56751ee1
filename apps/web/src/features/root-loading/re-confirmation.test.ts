import { describe, expect, it } from 'vitest';
import { isReconfirmationDue, wholeYearsBetween } from './re-confirmation';

describe('re-confirmation year difference', () => {
  it.each([
    // [last confirmed, today, whole years]
    ['2025-02-28', '2026-02-27', 0],
    ['2025-02-28', '2026-02-28', 1],
    ['2025-11-21', '2026-11-20', 0],
    ['2025-11-21', '2026-11-21', 1],
    ['2024-11-21', '2026-11-20', 1],
    ['2024-11-21', '2026-11-21', 2],
    ['2026-11-21', '2026-11-21', 0],
    ['2025-12-31', '2026-01-01', 0],
    // leap days: a year from 29 February is complete at the end of 28 February
    ['2024-02-29', '2025-02-28', 0],
    ['2024-02-29', '2025-03-01', 1],
    ['2024-02-29', '2028-02-28', 3],
    ['2024-02-29', '2028-02-29', 4],
    ['2023-02-28', '2024-02-28', 1],
    ['2023-03-01', '2024-02-29', 0],
    ['2023-03-01', '2024-03-01', 1],
  ])('from %s to %s is %i whole year(s)', (from, to, years) => {
    expect(wholeYearsBetween(from, to)).toBe(years);
  });

  it('counts backwards too', () => {
    expect(wholeYearsBetween('2026-11-21', '2025-11-22')).toBe(0);
    expect(wholeYearsBetween('2026-11-21', '2025-11-21')).toBe(-1);
  });

  it('refuses a date that does not exist', () => {
    expect(() => wholeYearsBetween('2025-02-29', '2026-03-01')).toThrow(RangeError);
  });
});

describe('re-confirmation is due', () => {
  it('at one year or more, not before', () => {
    expect(isReconfirmationDue('2025-02-28', '2026-02-28')).toBe(true);
    expect(isReconfirmationDue('2025-02-28', '2026-02-27')).toBe(false);
    expect(isReconfirmationDue('2020-05-01', '2026-02-27')).toBe(true);
  });

  it('for a confirmation on 29 February: not on 28 February of the next year, from 1 March', () => {
    expect(isReconfirmationDue('2024-02-29', '2025-02-28')).toBe(false);
    expect(isReconfirmationDue('2024-02-29', '2025-03-01')).toBe(true);
  });

  it('when the customer has never confirmed, or the date cannot be read', () => {
    expect(isReconfirmationDue(null, '2026-11-21')).toBe(true);
    expect(isReconfirmationDue('yesterday', '2026-11-21')).toBe(true);
  });

  it('not for a confirmation today or in the future', () => {
    expect(isReconfirmationDue('2026-11-21', '2026-11-21')).toBe(false);
    expect(isReconfirmationDue('2027-01-01', '2026-11-21')).toBe(false);
  });
});
