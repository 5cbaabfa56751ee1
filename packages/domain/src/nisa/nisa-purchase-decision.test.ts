import { describe, expect, it } from 'vitest';
import { isoDate } from '../calendar/iso-date.ts';
import { yen } from '../money/money.ts';
import { decideNisaPurchase, type NisaPurchaseRequest } from './nisa-purchase-decision.ts';
import { adultInvestor, fullYears, usageWith } from './nisa-test-fixtures.ts';
import { emptyNisaUsage, NisaBookValueError, nisaRoom, releaseNisaPurchase } from './nisa-usage.ts';

const spotGrowth: NisaPurchaseRequest = {
  bucket: 'growth',
  kind: 'SPOT',
  fundTsumitateEligible: true,
  amount: yen(100_000),
  settlementDate: isoDate('2026-04-07'),
};
const recurringTsumitate: NisaPurchaseRequest = { ...spotGrowth, bucket: 'tsumitate', kind: 'RECURRING' };

describe('NISA buckets: つみたて投資枠 for recurring purchases of eligible funds, spot purchases in 成長投資枠', () => {
  it('puts a spot purchase in 成長投資枠', () => {
    expect(decideNisaPurchase(adultInvestor, spotGrowth, emptyNisaUsage)).toEqual({
      allowed: true,
      bucket: 'growth',
      year: 2026,
    });
  });

  it('refuses a spot purchase in つみたて投資枠', () => {
    expect(
      decideNisaPurchase(adultInvestor, { ...recurringTsumitate, kind: 'SPOT' }, emptyNisaUsage),
    ).toEqual({
      allowed: false,
      reason: 'tsumitate-recurring-only',
    });
  });

  it('refuses a recurring purchase of a fund not eligible for つみたて, which 成長 takes', () => {
    const ineligible = { ...recurringTsumitate, fundTsumitateEligible: false };
    expect(decideNisaPurchase(adultInvestor, ineligible, emptyNisaUsage)).toEqual({
      allowed: false,
      reason: 'fund-not-tsumitate-eligible',
    });
    expect(
      decideNisaPurchase(adultInvestor, { ...ineligible, bucket: 'growth' }, emptyNisaUsage),
    ).toMatchObject({
      allowed: true,
    });
  });

  it('refuses a zero amount and a purchase settling before the 2024 NISA', () => {
    expect(decideNisaPurchase(adultInvestor, { ...spotGrowth, amount: yen(0) }, emptyNisaUsage)).toEqual({
      allowed: false,
      reason: 'invalid-amount',
    });
    expect(
      decideNisaPurchase(
        adultInvestor,
        { ...spotGrowth, settlementDate: isoDate('2023-12-28') },
        emptyNisaUsage,
      ),
    ).toEqual({ allowed: false, reason: 'before-2024-nisa' });
  });
});

describe('annual limits by 受渡日 year: つみたて 1,200,000, 成長 2,400,000, both in the same year', () => {
  const usage = usageWith([
    [2026, 'tsumitate', 1_100_000],
    [2026, 'growth', 2_300_000],
  ]);

  it('leaves 100,000 in each bucket and takes exactly that much', () => {
    expect(nisaRoom(usage, 2026)).toMatchObject({ tsumitateAnnual: 100_000n, growthAnnual: 100_000n });
    expect(decideNisaPurchase(adultInvestor, recurringTsumitate, usage)).toMatchObject({ allowed: true });
    expect(decideNisaPurchase(adultInvestor, spotGrowth, usage)).toMatchObject({ allowed: true });
  });

  it('refuses one yen more: 100,001 > 100,000', () => {
    expect(decideNisaPurchase(adultInvestor, { ...spotGrowth, amount: yen(100_001) }, usage)).toEqual({
      allowed: false,
      reason: 'annual-limit',
      room: 100_000n,
    });
  });
});

describe('lifetime limits: growth ≤ 12,000,000 簿価, total ≤ 18,000,000 簿価, checked after the annual limit', () => {
  // 成長 2,400,000 × 5 (2024–2028) = 12,000,000; つみたて 1,200,000 × 4 (2024–2027) = 4,800,000; total 16,800,000
  const usage = usageWith([...fullYears([2024, 2025, 2026, 2027]), [2028, 'growth', 2_400_000]]);
  const in2029 = isoDate('2029-02-06');

  it('refuses any 成長 purchase in 2029 although the 2029 annual room is 2,400,000', () => {
    expect(
      decideNisaPurchase(
        adultInvestor,
        { ...spotGrowth, amount: yen(10_000), settlementDate: in2029 },
        usage,
      ),
    ).toEqual({
      allowed: false,
      reason: 'growth-lifetime-limit',
      room: 0n,
    });
  });

  it('still takes 1,200,000 of つみたて in 2029: 16,800,000 + 1,200,000 = 18,000,000', () => {
    const request = { ...recurringTsumitate, amount: yen(1_200_000), settlementDate: in2029 };
    expect(decideNisaPurchase(adultInvestor, request, usage)).toEqual({
      allowed: true,
      bucket: 'tsumitate',
      year: 2029,
    });
  });

  it('then refuses つみたて in 2030 on the total: 18,000,000 used', () => {
    const full = usageWith([[2029, 'tsumitate', 1_200_000]], usage);
    const request = { ...recurringTsumitate, amount: yen(5_000), settlementDate: isoDate('2030-01-27') };
    expect(decideNisaPurchase(adultInvestor, request, full)).toEqual({
      allowed: false,
      reason: 'lifetime-limit',
      room: 0n,
    });
  });

  it('reports the annual limit first when several limits are exceeded', () => {
    const request = { ...spotGrowth, amount: yen(2_400_001), settlementDate: in2029 };
    expect(decideNisaPurchase(adultInvestor, request, usage)).toMatchObject({
      allowed: false,
      reason: 'annual-limit',
    });
  });
});

describe('a pending January order keeps its lifetime room against a later order settling in December', () => {
  // つみたて 1,200,000 × 14 (2024–2037) = 16,800,000, plus 成長 200,000 in 2038 = 17,000,000
  const years = Array.from({ length: 14 }, (_, index) => 2024 + index);
  const usage = usageWith([
    ...years.map((year) => [year, 'tsumitate', 1_200_000] as const),
    [2038, 'growth', 200_000],
  ]);
  // A December 2038 order settling 2039-01-06 for 1,000,000 fills the lifetime limit: 17,000,000 + 1,000,000
  const withPending = usageWith([[2039, 'tsumitate', 1_000_000]], usage);

  it('leaves no room for a purchase settling on 2038-12-28, though 2038 alone shows 1,000,000 free', () => {
    const request = { ...spotGrowth, amount: yen(500_000), settlementDate: isoDate('2038-12-28') };
    expect(decideNisaPurchase(adultInvestor, request, usage)).toMatchObject({ allowed: true });
    expect(decideNisaPurchase(adultInvestor, request, withPending)).toEqual({
      allowed: false,
      reason: 'lifetime-limit',
      room: 0n,
    });
  });

  it('refuses to release more than a year’s recorded purchases', () => {
    expect(() =>
      releaseNisaPurchase(usage, { bucket: 'growth', bookValue: yen(200_001), year: 2038 }),
    ).toThrow(NisaBookValueError);
  });
});
