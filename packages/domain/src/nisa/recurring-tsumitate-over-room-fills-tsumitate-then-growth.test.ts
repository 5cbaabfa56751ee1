import { describe, expect, it } from 'vitest';
import { isoDate } from '../calendar/iso-date.ts';
import { yen } from '../money/money.ts';
import { adultInvestor, fullYears, usageWith } from './nisa-test-fixtures.ts';
import { allocateRecurringPurchases, recurringNisaRoom } from './recurring-allocation.ts';
import { isRecurringAmountMoved, splitRecurringAmount } from './recurring-split.ts';
import { nisaAnnualUse, nisaRoom } from './nisa-usage.ts';

// customer 1000001 of the audit (issue 25): 330,000 つみたて used in 2026, so 870,000 of its room is left
const demoUsage = usageWith([
  [2026, 'tsumitate', 330_000],
  [2026, 'growth', 600_000],
]);
const tsumitatePlan = {
  planId: 'plan',
  amount: yen(1_500_000),
  destination: 'tsumitate' as const,
  fundTsumitateEligible: true,
};

describe('a つみたて 積立 of 1,500,000 yen with 870,000 of つみたて room', () => {
  it('fills つみたて with 870,000 and buys the other 630,000 in 成長', () => {
    expect(splitRecurringAmount(tsumitatePlan, nisaRoom(demoUsage, 2026))).toEqual([
      { destination: 'tsumitate', amount: 870_000n },
      { destination: 'growth', amount: 630_000n },
    ]);
  });

  it('records both parts against the 2026 limits when the order settles in 2026', () => {
    const result = allocateRecurringPurchases(
      adultInvestor,
      [tsumitatePlan],
      demoUsage,
      isoDate('2026-12-03'),
    );
    expect(result.allocations).toEqual([
      { planId: 'plan', amount: 870_000n, destination: 'tsumitate' },
      { planId: 'plan', amount: 630_000n, destination: 'growth' },
    ]);
    expect(nisaAnnualUse(result.usage, 2026)).toEqual({ tsumitate: 1_200_000n, growth: 1_230_000n });
  });

  it("uses 2027's room for December's order that settles in January 2027: 1,200,000 つみたて + 300,000 成長", () => {
    const result = allocateRecurringPurchases(
      adultInvestor,
      [tsumitatePlan],
      demoUsage,
      isoDate('2027-01-05'),
    );
    expect(result.allocations).toEqual([
      { planId: 'plan', amount: 1_200_000n, destination: 'tsumitate' },
      { planId: 'plan', amount: 300_000n, destination: 'growth' },
    ]);
    expect(nisaAnnualUse(result.usage, 2027)).toEqual({ tsumitate: 1_200_000n, growth: 300_000n });
    expect(nisaAnnualUse(result.usage, 2026)).toEqual(nisaAnnualUse(demoUsage, 2026));
  });

  it('buys the rest in the taxable account when 成長 has only 100,000 left', () => {
    const usage = usageWith([
      [2026, 'tsumitate', 330_000],
      [2026, 'growth', 2_300_000],
    ]);
    expect(splitRecurringAmount(tsumitatePlan, nisaRoom(usage, 2026))).toEqual([
      { destination: 'tsumitate', amount: 870_000n },
      { destination: 'growth', amount: 100_000n },
      { destination: 'taxable', amount: 530_000n },
    ]);
  });

  it('stops 成長 at the 18,000,000 lifetime room that つみたて shares', () => {
    // 2029: 17,000,000 held (つみたて 6,330,000, 成長 10,670,000), so 1,000,000 of lifetime room; 成長 alone
    // would still take 1,330,000, but つみたて's 870,000 leaves the shared limit only 130,000
    const usage = usageWith([
      ...fullYears([2024, 2025, 2026, 2027]),
      [2028, 'tsumitate', 1_200_000],
      [2029, 'tsumitate', 330_000],
      [2029, 'growth', 1_070_000],
    ]);
    expect(splitRecurringAmount(tsumitatePlan, nisaRoom(usage, 2029))).toEqual([
      { destination: 'tsumitate', amount: 870_000n },
      { destination: 'growth', amount: 130_000n },
      { destination: 'taxable', amount: 500_000n },
    ]);
  });

  it('keeps an amount that fits in つみたて whole, and says it was not moved', () => {
    const parts = splitRecurringAmount({ ...tsumitatePlan, amount: yen(30_000) }, nisaRoom(demoUsage, 2026));
    expect(parts).toEqual([{ destination: 'tsumitate', amount: 30_000n }]);
    expect(isRecurringAmountMoved('tsumitate', parts)).toBe(false);
    expect(
      isRecurringAmountMoved('tsumitate', splitRecurringAmount(tsumitatePlan, nisaRoom(demoUsage, 2026))),
    ).toBe(true);
  });

  it('buys everything in the taxable account for an investor who cannot use NISA that year', () => {
    const child = { ...adultInvestor, role: 'CHILD' as const };
    expect(recurringNisaRoom(child, demoUsage, isoDate('2026-12-03'))).toBeUndefined();
    expect(splitRecurringAmount(tsumitatePlan, undefined)).toEqual([
      { destination: 'taxable', amount: 1_500_000n },
    ]);
  });
});
