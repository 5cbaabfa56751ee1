import { describe, expect, it } from 'vitest';
import { formatClockTime, formatJstMinute, jstYear } from './jst';

describe('JST formatting', () => {
  it('formats the minute in Japan time with zero padding, whatever the process time zone (tests run in UTC)', () => {
    expect(formatJstMinute(new Date('2026-03-04T15:07:59Z'))).toBe('2026年03月05日 00時07分');
    expect(formatJstMinute(new Date('2026-12-31T14:59:00Z'))).toBe('2026年12月31日 23時59分');
  });

  it('gives the calendar year in Japan', () => {
    expect(jstYear(new Date('2026-12-31T14:59:59Z'))).toBe(2026);
    expect(jstYear(new Date('2026-12-31T15:00:00Z'))).toBe(2027);
  });

  it('prints a clock time without a leading zero on the hour', () => {
    expect(formatClockTime({ hour: 3, minute: 30 })).toBe('3:30');
    expect(formatClockTime({ hour: 17, minute: 0 })).toBe('17:00');
  });
});
