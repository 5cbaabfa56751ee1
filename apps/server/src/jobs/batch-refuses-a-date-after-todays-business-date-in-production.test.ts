import { jstInstant, type IsoDate } from '@fund/domain';
import { describe, expect, it } from 'vitest';
import { batchDatesRefusal } from './batch-date-guard.ts';

// Issue 27 point 5: run for a date ahead of today, the batch executed orders early in production.
describe('the batch refuses a date after today’s business date in production', () => {
  // 2026-12-01 23:30 JST is still 12-01 in Tokyo, though 14:30 UTC of the same day
  const lateEvening = jstInstant(2026, 12, 1, 23, 30);

  it('refuses tomorrow (Asia/Tokyo) in one line naming both dates', () => {
    const reason = batchDatesRefusal('2026-12-02' as IsoDate, lateEvening, true);
    expect(reason).toBe(
      "Refused: 2026-12-02 is after today's business date 2026-12-01 (Asia/Tokyo); in production the batch runs only dates that have come.",
    );
  });

  it('runs today and earlier dates (a catch-up) in production', () => {
    expect(batchDatesRefusal('2026-12-01' as IsoDate, lateEvening, true)).toBeUndefined();
    expect(batchDatesRefusal('2026-11-27' as IsoDate, lateEvening, true)).toBeUndefined();
  });

  it('takes today in Tokyo, not in UTC: 00:30 JST on 12-02 is 12-01 in UTC but 12-02 has come', () => {
    expect(batchDatesRefusal('2026-12-02' as IsoDate, jstInstant(2026, 12, 2, 0, 30), true)).toBeUndefined();
  });

  it('lets the demo clock go ahead outside production', () => {
    expect(batchDatesRefusal('2027-03-31' as IsoDate, lateEvening, false)).toBeUndefined();
  });
});
