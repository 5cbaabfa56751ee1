import { describe, expect, it } from 'vitest';
import { yen } from '../money/money.ts';
import { planNisaInvestment, type NisaYearStanding } from './nisa-planner.ts';

const standing = (
  year: number,
  rooms: {
    tsumitate: number;
    growth: number;
    lifetime: number;
    growthLifetime: number;
    freed?: number;
  },
): NisaYearStanding => ({
  year,
  tsumitateAnnualRoom: yen(rooms.tsumitate),
  growthAnnualRoom: yen(rooms.growth),
  lifetimeRoom: yen(rooms.lifetime),
  growthLifetimeRoom: yen(rooms.growthLifetime),
  freedFromNextYear: yen(rooms.freed ?? 0),
});

describe('how much can still be invested in NISA this year and from January', () => {
  it('an ordinary investor far from 18,000,000: the annual rooms answer both questions', () => {
    // 2026: つみたて 330,000 and 成長 520,000 used → 1,200,000 − 330,000 = 870,000; 2,400,000 − 520,000 = 1,880,000
    // lifetime 簿価 2,610,001 used → 18,000,000 − 2,610,001 = 15,389,999; growth 1,590,001 → 10,409,999
    const thisYear = standing(2026, {
      tsumitate: 870_000,
      growth: 1_880_000,
      lifetime: 15_389_999,
      growthLifetime: 10_409_999,
    });
    // 2027: nothing settles yet → fresh 1,200,000 and 2,400,000
    const nextYear = standing(2027, {
      tsumitate: 1_200_000,
      growth: 2_400_000,
      lifetime: 15_389_999,
      growthLifetime: 10_409_999,
    });
    const plan = planNisaInvestment(thisYear, nextYear);
    expect(plan.thisYear).toEqual({
      year: 2026,
      tsumitate: { amount: 870_000n, limitedBy: 'annual' },
      growth: { amount: 1_880_000n, limitedBy: 'annual' },
      // 870,000 + 1,880,000 = 2,750,000 ≤ 15,389,999
      total: 2_750_000n,
    });
    expect(plan.nextYear).toEqual({
      year: 2027,
      tsumitate: { amount: 1_200_000n, limitedBy: 'annual' },
      growth: { amount: 2_400_000n, limitedBy: 'annual' },
      total: 3_600_000n,
    });
    expect(plan.revivesInJanuary).toBe(0n);
  });

  it('an investor near the lifetime limit who sold this year: small room now, more from January', () => {
    // 簿価 17,500,000 used, of which growth 11,800,000 → lifetime room 500,000, growth lifetime room 200,000
    // annual rooms 800,000 (つみたて) and 1,000,000 (成長) are larger than what the lifetime allows
    // sold this year: 簿価 2,000,000 (成長 1,500,000 + つみたて 500,000), given back on 1 January
    const thisYear = standing(2026, {
      tsumitate: 800_000,
      growth: 1_000_000,
      lifetime: 500_000,
      growthLifetime: 200_000,
      freed: 2_000_000,
    });
    // 2027: lifetime room 500,000 + 2,000,000 = 2,500,000; growth 200,000 + 1,500,000 = 1,700,000
    const nextYear = standing(2027, {
      tsumitate: 1_200_000,
      growth: 2_400_000,
      lifetime: 2_500_000,
      growthLifetime: 1_700_000,
    });
    const plan = planNisaInvestment(thisYear, nextYear);
    // つみたて: min(800,000, 500,000) = 500,000 (lifetime); 成長: min(1,000,000, 200,000, 500,000) = 200,000
    // together: min(500,000 + 200,000, 500,000) = 500,000 — the two buckets share the 500,000
    expect(plan.thisYear).toEqual({
      year: 2026,
      tsumitate: { amount: 500_000n, limitedBy: 'lifetime' },
      growth: { amount: 200_000n, limitedBy: 'growthLifetime' },
      total: 500_000n,
    });
    // from January: つみたて min(1,200,000, 2,500,000) = 1,200,000; 成長 min(2,400,000, 1,700,000) = 1,700,000
    // together: min(1,200,000 + 1,700,000, 2,500,000) = 2,500,000
    expect(plan.nextYear).toEqual({
      year: 2027,
      tsumitate: { amount: 1_200_000n, limitedBy: 'annual' },
      growth: { amount: 1_700_000n, limitedBy: 'growthLifetime' },
      total: 2_500_000n,
    });
    expect(plan.revivesInJanuary).toBe(2_000_000n);
  });

  it('a late-December order settling in January already holds next year’s つみたて room', () => {
    // 50,000 つみたて ordered on 28 December 2026 settles on 5 January 2027 (受渡日 rule):
    // 2027's つみたて room is 1,200,000 − 50,000 = 1,150,000, and this year's is not touched by it
    const thisYear = standing(2026, {
      tsumitate: 100_000,
      growth: 2_400_000,
      lifetime: 10_000_000,
      growthLifetime: 8_000_000,
    });
    const nextYear = standing(2027, {
      tsumitate: 1_150_000,
      growth: 2_400_000,
      lifetime: 9_950_000,
      growthLifetime: 8_000_000,
    });
    const plan = planNisaInvestment(thisYear, nextYear);
    expect(plan.thisYear.tsumitate).toEqual({ amount: 100_000n, limitedBy: 'annual' });
    expect(plan.nextYear.tsumitate).toEqual({ amount: 1_150_000n, limitedBy: 'annual' });
    // 1,150,000 + 2,400,000 = 3,550,000 ≤ 9,950,000
    expect(plan.nextYear.total).toBe(3_550_000n);
  });

  it('an investor whose whole lifetime limit is used: nothing this year, nothing from January', () => {
    const full = { tsumitate: 0, growth: 0, lifetime: 0, growthLifetime: 0 };
    const plan = planNisaInvestment(
      standing(2028, { ...full, growth: 2_400_000 }),
      standing(2029, { ...full, tsumitate: 1_200_000, growth: 2_400_000 }),
    );
    expect(plan.thisYear.growth).toEqual({ amount: 0n, limitedBy: 'growthLifetime' });
    expect(plan.nextYear.tsumitate).toEqual({ amount: 0n, limitedBy: 'lifetime' });
    expect(plan.nextYear.total).toBe(0n);
  });

  it('refuses a "next year" that is not the year after', () => {
    const any = { tsumitate: 0, growth: 0, lifetime: 0, growthLifetime: 0 };
    expect(() => planNisaInvestment(standing(2026, any), standing(2026, any))).toThrow(RangeError);
  });
});
