import { describe, expect, it } from 'vitest';
import { isoDate } from '../calendar/iso-date.ts';
import { yen } from '../money/money.ts';
import { adultInvestor, usageWith } from './nisa-test-fixtures.ts';
import { allocateRecurringPurchases, type RecurringPurchasePlan } from './recurring-allocation.ts';
import { nisaAnnualUse } from './nisa-usage.ts';

const settlement = isoDate('2026-12-03');

function plan(
  planId: string,
  amount: number,
  destination: RecurringPurchasePlan['destination'],
): RecurringPurchasePlan {
  return { planId, amount: yen(amount), destination, fundTsumitateEligible: true };
}

describe('recurring plans that reach the つみたて limit in December 2026', () => {
  // つみたて used 1,150,000 (room 50,000), 成長 used 2,300,000 (room 100,000)
  const usage = usageWith([
    [2026, 'tsumitate', 1_150_000],
    [2026, 'growth', 2_300_000],
  ]);

  it('places larger amounts first: つみたて B 50,000 fits exactly, つみたて A 30,000 continues in 成長', () => {
    const result = allocateRecurringPurchases(
      adultInvestor,
      [plan('A', 30_000, 'tsumitate'), plan('B', 50_000, 'tsumitate'), plan('D', 10_000, 'taxable')],
      usage,
      settlement,
    );
    expect(result.allocations).toEqual([
      { planId: 'B', amount: 50_000n, destination: 'tsumitate' },
      { planId: 'A', amount: 30_000n, destination: 'growth' },
      { planId: 'D', amount: 10_000n, destination: 'taxable' },
    ]);
    // 1,150,000 + 50,000 = 1,200,000 つみたて; 2,300,000 + 30,000 = 2,330,000 成長
    expect(nisaAnnualUse(result.usage, 2026)).toEqual({ tsumitate: 1_200_000n, growth: 2_330_000n });
  });

  it('fills つみたて and sends the rest to taxable when 成長 is full too: 成長 C 100,000 takes the last 成長 room first', () => {
    const result = allocateRecurringPurchases(
      adultInvestor,
      [plan('A', 60_000, 'tsumitate'), plan('C', 100_000, 'growth')],
      usage,
      settlement,
    );
    expect(result.allocations).toEqual([
      { planId: 'C', amount: 100_000n, destination: 'growth' },
      // 60,000 > 50,000 つみたて room: 50,000 fills つみたて, and with 成長 at 0 the 10,000 left is taxable
      { planId: 'A', amount: 50_000n, destination: 'tsumitate' },
      { planId: 'A', amount: 10_000n, destination: 'taxable' },
    ]);
  });

  it('fills 成長 with a 成長 plan that does not fit and sends the rest to taxable, never to つみたて', () => {
    const result = allocateRecurringPurchases(
      adultInvestor,
      [plan('G', 150_000, 'growth')],
      usage,
      settlement,
    );
    expect(result.allocations).toEqual([
      { planId: 'G', amount: 100_000n, destination: 'growth' },
      { planId: 'G', amount: 50_000n, destination: 'taxable' },
    ]);
    expect(nisaAnnualUse(result.usage, 2026)).toEqual({ tsumitate: 1_150_000n, growth: 2_400_000n });
  });

  it('keeps the given order for equal amounts', () => {
    const result = allocateRecurringPurchases(
      adultInvestor,
      [plan('first', 30_000, 'tsumitate'), plan('second', 30_000, 'tsumitate')],
      usage,
      settlement,
    );
    // first: 30,000 つみたて (20,000 left); second: 20,000 つみたて + 10,000 成長
    expect(result.allocations.map((allocation) => [allocation.planId, allocation.destination])).toEqual([
      ['first', 'tsumitate'],
      ['second', 'tsumitate'],
      ['second', 'growth'],
    ]);
  });

  it('sends everything to taxable for a customer who cannot use NISA (a CHILD account)', () => {
    const result = allocateRecurringPurchases(
      { ...adultInvestor, role: 'CHILD' },
      [plan('A', 10_000, 'tsumitate')],
      usage,
      settlement,
    );
    expect(result.allocations).toEqual([{ planId: 'A', amount: 10_000n, destination: 'taxable' }]);
  });

  it('moves a plan of a fund not eligible for つみたて to 成長', () => {
    const result = allocateRecurringPurchases(
      adultInvestor,
      [{ ...plan('X', 10_000, 'tsumitate'), fundTsumitateEligible: false }],
      usage,
      settlement,
    );
    expect(result.allocations).toEqual([{ planId: 'X', amount: 10_000n, destination: 'growth' }]);
  });
});
