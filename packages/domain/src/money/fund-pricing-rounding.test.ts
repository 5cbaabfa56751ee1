import { describe, expect, it } from 'vitest';
import {
  cancellationPrice,
  costOfUnits,
  OrderTooSmallError,
  retentionFeePer10k,
  sellProceeds,
  unitsForAmount,
  unitsToSellForAmount,
  valueOfUnits,
} from './fund-pricing.ts';
import { navPer10k, signedYen, units, yen } from './money.ts';

describe('fund pricing: one explicit rounding per rule', () => {
  it('values 8,100 units at 12,345 per 10,000 units: 8,100 × 12,345 ÷ 10,000 = 9,999.45 → 9,999 yen (floor)', () => {
    expect(valueOfUnits(units(8_100), navPer10k(12_345))).toBe(9_999n);
  });

  it('values 1,000,000,000,000 units at 30,000 beyond 2^53: 3e16 ÷ 10,000 = 3,000,000,000,000 yen exactly', () => {
    const product = 1_000_000_000_000n * 30_000n;
    expect(product > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(valueOfUnits(units(1_000_000_000_000n), navPer10k(30_000))).toBe(3_000_000_000_000n);
  });

  it('values 1,234,567,890,123 units at 29,999: 37,035,802,135,799,877 ÷ 10,000 → 3,703,580,213,579 yen', () => {
    expect(1_234_567_890_123n * 29_999n).toBe(37_035_802_135_799_877n);
    expect(valueOfUnits(units(1_234_567_890_123n), navPer10k(29_999))).toBe(3_703_580_213_579n);
  });

  it('buys 10,000 yen at NAV 12,345: 10,000 × 10,000 ÷ 12,345 = 8,100.44… → 8,100 units (floor)', () => {
    expect(unitsForAmount(yen(10_000), navPer10k(12_345))).toBe(8_100n);
  });

  it('charges 8,101 units at NAV 12,345: 8,101 × 12,345 ÷ 10,000 = 10,000.68… → 10,001 yen (ceil)', () => {
    expect(costOfUnits(units(8_101), navPer10k(12_345))).toBe(10_001n);
  });

  it('takes a 0.3 % retention fee on NAV 12,345: 12,345 × 30 ÷ 10,000 = 37.035 → 38 yen (ceil); 解約価額 12,307', () => {
    expect(retentionFeePer10k(navPer10k(12_345), 30)).toBe(38n);
    expect(cancellationPrice(navPer10k(12_345), 30)).toBe(12_307n);
  });

  it('takes an exact 0.1 % fee on NAV 20,000: 20 yen, 解約価額 19,980; no fee leaves 解約価額 = NAV', () => {
    expect(retentionFeePer10k(navPer10k(20_000), 10)).toBe(20n);
    expect(cancellationPrice(navPer10k(20_000), 10)).toBe(19_980n);
    expect(cancellationPrice(navPer10k(20_000), 0)).toBe(20_000n);
  });

  it('refuses a retention fee that is not whole basis points in [0, 10000)', () => {
    expect(() => retentionFeePer10k(navPer10k(10_000), 2.5)).toThrow(RangeError);
    expect(() => retentionFeePer10k(navPer10k(10_000), -1)).toThrow(RangeError);
    expect(() => retentionFeePer10k(navPer10k(10_000), 10_000)).toThrow(RangeError);
  });

  it('refuses a 解約価額 that would not be positive: NAV 1 with a 0.01 % fee (fee rounds up to 1)', () => {
    expect(() => cancellationPrice(navPer10k(1), 1)).toThrow(RangeError);
  });

  it('pays 8,100 units sold at 12,307: 8,100 × 12,307 ÷ 10,000 = 9,968.67 → 9,968 yen (floor)', () => {
    expect(sellProceeds(units(8_100), navPer10k(12_307))).toBe(9_968n);
  });

  it('sells 5,000 yen at 12,307: ⌈5,000 × 10,000 ÷ 12,307⌉ = ⌈4,062.72…⌉ = 4,063 units, paying 5,000.33 → 5,000 yen', () => {
    const sell = unitsToSellForAmount(yen(5_000), navPer10k(12_307), units(8_100));
    expect(sell).toEqual({ units: 4_063n, capped: false });
    expect(sellProceeds(sell.units, navPer10k(12_307))).toBe(5_000n);
    // one unit fewer would not reach the amount: 4,062 × 12,307 ÷ 10,000 = 4,999.10 → 4,999
    expect(sellProceeds(units(4_062), navPer10k(12_307))).toBe(4_999n);
  });

  it('caps an amount sell of 10,000 yen at the 8,100 units held (⌈8,125.46…⌉ = 8,126 needed)', () => {
    expect(unitsToSellForAmount(yen(10_000), navPer10k(12_307), units(8_100))).toEqual({
      units: 8_100n,
      capped: true,
    });
  });

  it('is not capped when the holding is exactly what the amount needs', () => {
    expect(unitsToSellForAmount(yen(5_000), navPer10k(12_307), units(4_063))).toEqual({
      units: 4_063n,
      capped: false,
    });
  });

  it('refuses an amount sell of zero yen and a negative buy amount', () => {
    expect(() => unitsToSellForAmount(yen(0), navPer10k(12_307), units(100))).toThrow(OrderTooSmallError);
    expect(() => unitsForAmount(signedYen(-1), navPer10k(10_000))).toThrow(RangeError);
  });
});
