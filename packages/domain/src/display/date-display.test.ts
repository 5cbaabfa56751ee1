import { describe, expect, it } from 'vitest';
import {
  formatJapaneseDate,
  formatJapaneseDateTime,
  formatJapaneseDateWithWeekday,
  formatMonthDay,
  formatYearMonth,
} from './date-display.ts';

describe('dates on screen, in Japan (Asia/Tokyo)', () => {
  it('a calendar date as 2026年3月5日 without leading zeros', () => {
    expect(formatJapaneseDate('2026-03-05')).toBe('2026年3月5日');
    expect(formatMonthDay('2026-12-31')).toBe('12月31日');
    expect(formatYearMonth('2027-01')).toBe('2027年1月');
  });

  it('the weekday in Japanese', () => {
    // 2026-03-05 is a Thursday
    expect(formatJapaneseDateWithWeekday('2026-03-05')).toBe('2026年3月5日(木)');
  });

  it('an instant on the Japanese clock: 06:00 UTC on 5 March is 15:00 in Tokyo', () => {
    expect(formatJapaneseDateTime('2026-03-05T06:00:00Z')).toBe('2026年3月5日 15:00');
    // 20:30 UTC is already the next day in Japan
    expect(formatJapaneseDateTime('2026-03-05T20:30:00.000+00:00')).toBe('2026年3月6日 5:30');
  });

  it('refuses a malformed date', () => {
    expect(() => formatJapaneseDate('2026/03/05')).toThrow(RangeError);
  });
});
