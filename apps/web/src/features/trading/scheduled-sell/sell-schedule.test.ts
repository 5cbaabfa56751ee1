import { describe, expect, it } from 'vitest';
import { nextScheduledSellDates } from './sell-schedule';

describe('the next 定期売却 dates (domain.md §3)', () => {
  it('orders on the 16th of this month when it is still ahead, and pays on the 6th business day after', () => {
    // 2026-12-16 is a Wednesday; six business days later is Thursday 24 December
    expect(nextScheduledSellDates('MONTHLY', '2026-12-01')).toEqual({
      orderDate: '2026-12-16',
      payoutDate: '2026-12-24',
    });
  });

  it('moves to the next business day when the 16th is a weekend (2027-01-16 is a Saturday)', () => {
    expect(nextScheduledSellDates('MONTHLY', '2026-12-17').orderDate).toBe('2027-01-18');
  });

  it('skips the even months of an odd-month instruction', () => {
    expect(nextScheduledSellDates('ODD_MONTHLY', '2026-11-26').orderDate).toBe('2027-01-18');
    expect(nextScheduledSellDates('MONTHLY', '2026-11-26').orderDate).toBe('2026-12-16');
  });
});
