import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatTimeOfDay,
  jstCalendarDate,
  jstInstant,
  jstIsoDate,
  jstMinutesOfDay,
  jstWeekday,
  Weekday,
} from './jst.ts';

describe('JST wall clock of an instant', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is nine hours ahead of UTC: 2025-12-31 15:00 UTC is 2026-01-01 00:00 JST, a Thursday', () => {
    const instant = new Date('2025-12-31T15:00:00Z');
    expect(jstCalendarDate(instant)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(jstIsoDate(instant)).toBe('2026-01-01');
    expect(jstWeekday(instant)).toBe(Weekday.thursday);
    expect(jstMinutesOfDay(instant)).toBe(0);
  });

  it('drops seconds from minutes of the day: 06:29:59 JST is minute 389', () => {
    expect(jstMinutesOfDay(jstInstant(2026, 3, 18, 6, 29, 59))).toBe(6 * 60 + 29);
  });

  it('builds the instant of a JST wall-clock time', () => {
    expect(jstInstant(2026, 3, 18, 4, 0).toISOString()).toBe('2026-03-17T19:00:00.000Z');
  });

  it('does not depend on the process time zone', () => {
    const instant = new Date('2026-03-21T20:30:00Z');
    vi.stubEnv('TZ', 'America/New_York');
    // the machine clock really moves with TZ, so the answers below prove independence
    expect(instant.getDate()).toBe(21);
    for (const zone of ['UTC', 'America/New_York', 'Asia/Tokyo', 'Australia/Lord_Howe']) {
      vi.stubEnv('TZ', zone);
      expect(jstCalendarDate(instant)).toEqual({ year: 2026, month: 3, day: 22 });
      expect(jstWeekday(instant)).toBe(Weekday.sunday);
      expect(jstMinutesOfDay(instant)).toBe(5 * 60 + 30);
    }
  });

  it('refuses an invalid date instead of answering with NaN', () => {
    expect(() => jstWeekday(new Date('not a date'))).toThrow(RangeError);
  });

  it('prints times of day as HH:MM', () => {
    expect(formatTimeOfDay({ hour: 3, minute: 30 })).toBe('03:30');
    expect(formatTimeOfDay({ hour: 17, minute: 0 })).toBe('17:00');
  });
});
