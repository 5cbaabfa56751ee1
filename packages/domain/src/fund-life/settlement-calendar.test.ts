import { describe, expect, it } from 'vitest';
import { isoDate } from '../calendar/iso-date.ts';
import { isSettlementDate, settlementDateIn, settlementScheduleProblems } from './settlement-calendar.ts';

const monthly15th = { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], day: 15 };

describe('a fund’s 決算日 pattern', () => {
  it('monthly on the 15th: a Sunday 15th moves to Monday 16th (休業日の場合は翌営業日)', () => {
    // 2026-11-15 is a Sunday
    expect(settlementDateIn(monthly15th, { year: 2026, month: 11 })).toBe('2026-11-16');
    expect(isSettlementDate(monthly15th, isoDate('2026-11-16'))).toBe(true);
    expect(isSettlementDate(monthly15th, isoDate('2026-11-15'))).toBe(false);
  });

  it('a yearly fund settles only in its month', () => {
    const yearlyJuly = { months: [7], day: 10 };
    expect(settlementDateIn(yearlyJuly, { year: 2026, month: 6 })).toBeUndefined();
    expect(settlementDateIn(yearlyJuly, { year: 2026, month: 7 })).toBe('2026-07-10');
  });

  it('day 31 means the month’s last day; moved into the next month by a holiday it is still that month’s', () => {
    const monthEnd = { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], day: 31 };
    // 2026-04-30 is a Thursday
    expect(settlementDateIn(monthEnd, { year: 2026, month: 4 })).toBe('2026-04-30');
    // 2026-05-31 is a Sunday → Monday 1 June, the May 決算
    expect(settlementDateIn(monthEnd, { year: 2026, month: 5 })).toBe('2026-06-01');
    expect(isSettlementDate(monthEnd, isoDate('2026-06-01'))).toBe(true);
  });

  it('a pattern with no month, month 13 or day 0 is refused with the reason', () => {
    expect(settlementScheduleProblems({ months: [], day: 0 })).toEqual([
      '決算月がありません',
      '決算日は1〜31日です',
    ]);
    expect(settlementScheduleProblems({ months: [13, 13], day: 5 })).toEqual([
      '決算月は1〜12です',
      '決算月が重複しています',
    ]);
    expect(settlementScheduleProblems(monthly15th)).toEqual([]);
  });
});
