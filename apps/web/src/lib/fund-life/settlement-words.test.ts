import { describe, expect, it } from 'vitest';
import { settlementWords } from './distribution-course-words';

describe('a fund’s 決算日 in a prospectus’s words', () => {
  it('fund-settlement-days-read-as-the-prospectus-states-them', () => {
    expect(settlementWords({ months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], day: 15 })).toBe('毎月15日');
    expect(settlementWords({ months: [12], day: 10 })).toBe('毎年12月10日');
    expect(settlementWords({ months: [1, 7], day: 20 })).toBe('年2回（1・7月の20日）');
    expect(settlementWords({ months: [3], day: 31 })).toBe('毎年3月末日');
    expect(settlementWords({ months: [], day: 31 })).toBeUndefined();
  });
});
