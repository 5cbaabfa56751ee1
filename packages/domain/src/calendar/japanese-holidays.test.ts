import { afterEach, describe, expect, it, vi } from 'vitest';
import { isJapaneseHoliday, japaneseHolidayName } from './japanese-holidays.ts';

describe('Japanese national holidays', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('knows New Year’s Day and Coming of Age Day 2026', () => {
    expect(isJapaneseHoliday({ year: 2026, month: 1, day: 1 })).toBe(true);
    expect(japaneseHolidayName({ year: 2026, month: 1, day: 1 })).toBe('元日');
    expect(isJapaneseHoliday({ year: 2026, month: 1, day: 12 })).toBe(true);
    expect(japaneseHolidayName({ year: 2026, month: 1, day: 12 })).toBe('成人の日');
  });

  it('knows a substitute holiday (振替休日 2026-05-06 for Constitution Day on a Sunday)', () => {
    expect(isJapaneseHoliday({ year: 2026, month: 5, day: 6 })).toBe(true);
  });

  it('treats ordinary days, weekends included, as not holidays', () => {
    expect(isJapaneseHoliday({ year: 2026, month: 1, day: 13 })).toBe(false);
    expect(isJapaneseHoliday({ year: 2026, month: 3, day: 21 })).toBe(false);
    expect(japaneseHolidayName({ year: 2026, month: 1, day: 13 })).toBeUndefined();
  });

  it('reads the calendar date as given, whatever the process time zone', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(isJapaneseHoliday({ year: 2026, month: 1, day: 1 })).toBe(true);
    expect(isJapaneseHoliday({ year: 2025, month: 12, day: 31 })).toBe(false);
  });

  it('does not mistake inherited object keys for dates', () => {
    expect(japaneseHolidayName({ year: 2026, month: 1, day: 2 })).toBeUndefined();
  });
});
