import { describe, expect, it } from 'vitest';
import { isoDate } from '../calendar/iso-date.ts';
import { jstInstant } from '../time/jst.ts';
import { latestPublishedNavDate, parseCutOffTime, publishedNavBound } from './nav-publication.ts';

describe("blind pricing: a date's NAV is published only from that date's cut-off", () => {
  it('at 14:59 JST today the latest published NAV date is yesterday; at 15:00 it is today', () => {
    expect(latestPublishedNavDate(jstInstant(2026, 12, 1, 14, 59, 59))).toBe('2026-11-30');
    expect(latestPublishedNavDate(jstInstant(2026, 12, 1, 15, 0))).toBe('2026-12-01');
  });

  it("follows the fund's own cut-off (14:00)", () => {
    const cutOff = parseCutOffTime('14:00:00');
    expect(latestPublishedNavDate(jstInstant(2026, 12, 1, 13, 59), cutOff)).toBe('2026-11-30');
    expect(latestPublishedNavDate(jstInstant(2026, 12, 1, 14, 0), cutOff)).toBe('2026-12-01');
  });

  it('just after midnight JST (still the previous day in UTC) it is the day before', () => {
    expect(latestPublishedNavDate(jstInstant(2026, 12, 1, 0, 5))).toBe('2026-11-30');
  });

  it('bounds a view: a past date stays itself, today or a later date before the cut-off is yesterday', () => {
    const morning = jstInstant(2026, 12, 1, 10, 0);
    expect(publishedNavBound(isoDate('2026-11-20'), morning)).toBe('2026-11-20');
    expect(publishedNavBound(isoDate('2026-12-01'), morning)).toBe('2026-11-30');
    expect(publishedNavBound(isoDate('2026-12-10'), morning)).toBe('2026-11-30');
  });
});
