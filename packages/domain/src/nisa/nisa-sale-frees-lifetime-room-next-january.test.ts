import { describe, expect, it } from 'vitest';
import { isoDate } from '../calendar/iso-date.ts';
import { units, yen } from '../money/money.ts';
import { decideNisaPurchase } from './nisa-purchase-decision.ts';
import { adultInvestor, fullYears, usageWith } from './nisa-test-fixtures.ts';
import {
  NisaBookValueError,
  nisaAnnualUse,
  nisaBookValueFreedBySale,
  nisaHeldBookValue,
  nisaLifetimeUse,
  nisaRoom,
  recordNisaSale,
} from './nisa-usage.ts';

describe('selling NISA holdings frees their book value from 1 January of the next year', () => {
  // 2024–2028 each fully used: 5 × (1,200,000 + 2,400,000) = 18,000,000 簿価, of which 成長 5 × 2,400,000 = 12,000,000
  const full = usageWith(fullYears([2024, 2025, 2026, 2027, 2028]));
  // In June 2029 a 成長 position of 1,600,000 units with book value 2,400,000 sells 400,000 units:
  // 2,400,000 × 400,000 ÷ 1,600,000 = 600,000 freed
  const freed = nisaBookValueFreedBySale(
    { units: units(1_600_000), bookValue: yen(2_400_000) },
    units(400_000),
  );
  const afterSale = recordNisaSale(full, { bucket: 'growth', bookValue: freed, year: 2029 });
  const growthPurchase = (amount: number, settlementDate: string) =>
    ({
      bucket: 'growth',
      kind: 'SPOT',
      fundTsumitateEligible: false,
      amount: yen(amount),
      settlementDate: isoDate(settlementDate),
    }) as const;

  it('frees 600,000 (pro rata) and lowers the book value held to 17,400,000 at once', () => {
    expect(freed).toBe(600_000n);
    expect(nisaHeldBookValue(afterSale)).toEqual({ tsumitate: 6_000_000n, growth: 11_400_000n });
  });

  it('still counts the sold 600,000 for purchases settling in 2029: 18,000,000 used, no room', () => {
    expect(nisaLifetimeUse(afterSale, 2029)).toEqual({ total: 18_000_000n, growth: 12_000_000n });
    expect(decideNisaPurchase(adultInvestor, growthPurchase(100_000, '2029-07-01'), afterSale)).toEqual({
      allowed: false,
      reason: 'growth-lifetime-limit',
      room: 0n,
    });
  });

  it('frees it for purchases settling from 2030-01-01: 18,000,000 − 600,000 = 17,400,000 used', () => {
    expect(nisaLifetimeUse(afterSale, 2030)).toEqual({ total: 17_400_000n, growth: 11_400_000n });
    expect(nisaRoom(afterSale, 2030)).toEqual({
      tsumitateAnnual: 1_200_000n,
      growthAnnual: 2_400_000n,
      growthLifetime: 600_000n,
      lifetime: 600_000n,
    });
    expect(decideNisaPurchase(adultInvestor, growthPurchase(600_000, '2030-01-06'), afterSale)).toMatchObject(
      {
        allowed: true,
      },
    );
    expect(decideNisaPurchase(adultInvestor, growthPurchase(600_001, '2030-01-06'), afterSale)).toEqual({
      allowed: false,
      reason: 'growth-lifetime-limit',
      room: 600_000n,
    });
  });

  it('never restores the annual limit: 2028’s 成長 use stays 2,400,000 after the sale', () => {
    expect(nisaAnnualUse(afterSale, 2028)).toEqual({ tsumitate: 1_200_000n, growth: 2_400_000n });
  });

  it('frees a partial sale rounded down, and the last units free the rest: 333,333 + 666,667 = 1,000,000', () => {
    // 30,000 units with book value 1,000,000: selling 10,000 frees ⌊1,000,000 × 10,000 ÷ 30,000⌋ = ⌊333,333.3⌋
    const first = nisaBookValueFreedBySale(
      { units: units(30_000), bookValue: yen(1_000_000) },
      units(10_000),
    );
    expect(first).toBe(333_333n);
    const rest = nisaBookValueFreedBySale(
      { units: units(20_000), bookValue: yen(1_000_000 - 333_333) },
      units(20_000),
    );
    expect(rest).toBe(666_667n);
    expect(first + rest).toBe(1_000_000n);
  });

  it('refuses to free more book value than is held, or to sell more units than the position has', () => {
    expect(() => recordNisaSale(full, { bucket: 'growth', bookValue: yen(12_000_001), year: 2029 })).toThrow(
      NisaBookValueError,
    );
    expect(() => nisaBookValueFreedBySale({ units: units(10), bookValue: yen(100) }, units(11))).toThrow(
      RangeError,
    );
    expect(() => nisaBookValueFreedBySale({ units: units(10), bookValue: yen(100) }, units(0))).toThrow(
      RangeError,
    );
  });
});
