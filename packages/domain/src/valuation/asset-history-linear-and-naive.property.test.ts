import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationPrice, valueOfUnits } from '../money/fund-pricing.ts';
import type { NavPer10k, Units } from '../money/money.ts';
import { computeAssetHistory, type AssetHistoryInput } from './asset-history.ts';

interface Transaction {
  readonly day: number;
  readonly fund: number;
  readonly units: number;
  readonly cost: number;
}

/** The obvious O(days × transactions) computation in bigint with the domain's own pricing rules. */
function naiveHistory(input: AssetHistoryInput, transactions: readonly Transaction[]) {
  const value: bigint[] = [];
  const cost: bigint[] = [];
  for (let day = 0; day < input.dayCount; day += 1) {
    let dayValue = 0n;
    let dayCost = 0n;
    for (let fund = 0; fund < input.fundCount; fund += 1) {
      let held = 0n;
      for (const transaction of transactions) {
        if (transaction.fund === fund && transaction.day <= day) held += BigInt(transaction.units);
      }
      const nav = input.nav[fund * input.dayCount + day]!;
      if (held !== 0n && nav > 0) {
        const price = cancellationPrice(BigInt(nav) as NavPer10k, input.retentionFeeBasisPoints[fund]!);
        dayValue += valueOfUnits(held as Units, price);
      }
    }
    for (const transaction of transactions) {
      if (transaction.day <= day) dayCost += BigInt(transaction.cost);
    }
    value.push(dayValue);
    cost.push(dayCost);
  }
  return { value, cost };
}

function inputOf(
  dayCount: number,
  navs: readonly (readonly number[])[],
  fees: readonly number[],
  transactions: readonly Transaction[],
): AssetHistoryInput {
  return {
    dayCount,
    fundCount: navs.length,
    transactionDay: Int32Array.from(transactions.map((transaction) => transaction.day)),
    transactionFund: Int32Array.from(transactions.map((transaction) => transaction.fund)),
    transactionUnits: Float64Array.from(transactions.map((transaction) => transaction.units)),
    transactionCost: Float64Array.from(transactions.map((transaction) => transaction.cost)),
    nav: Float64Array.from(navs.flat()),
    retentionFeeBasisPoints: Int32Array.from(fees),
  };
}

const scenario = fc
  .record({ dayCount: fc.integer({ min: 1, max: 40 }), fundCount: fc.integer({ min: 1, max: 4 }) })
  .chain(({ dayCount, fundCount }) =>
    fc.record({
      dayCount: fc.constant(dayCount),
      navs: fc.array(
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1_000, max: 60_000 })), {
          minLength: dayCount,
          maxLength: dayCount,
        }),
        {
          minLength: fundCount,
          maxLength: fundCount,
        },
      ),
      fees: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: fundCount, maxLength: fundCount }),
      // purchases only, then a sale of part of what was bought, so units never go below zero
      buys: fc.array(
        fc.record({
          day: fc.integer({ min: -5, max: dayCount + 5 }),
          fund: fc.integer({ min: 0, max: fundCount - 1 }),
          units: fc.integer({ min: 1, max: 2 ** 40 }),
          cost: fc.integer({ min: 1, max: 2 ** 40 }),
        }),
        { maxLength: 30 },
      ),
    }),
  );

describe('asset history: equal to a naive computation, linear in transactions', () => {
  it('matches the naive bigint computation for any transactions and prices (fast-check)', () => {
    fc.assert(
      fc.property(scenario, ({ dayCount, navs, fees, buys }) => {
        // each buy is followed by a sale of a third of it a few days later
        const transactions: Transaction[] = buys.flatMap((buy) => [
          buy,
          {
            day: Math.max(buy.day, 0) + 3,
            fund: buy.fund,
            units: -Math.floor(buy.units / 3),
            cost: -Math.floor(buy.cost / 3),
          },
        ]);
        const input = inputOf(dayCount, navs, fees, transactions);
        const series = computeAssetHistory(input);
        const naive = naiveHistory(input, transactions);
        expect([...series.value].map(BigInt)).toEqual(naive.value);
        expect([...series.cost].map(BigInt)).toEqual(naive.cost);
      }),
      { numRuns: 200 },
    );
  });

  it('values 10^15 units at NAV 30,000 exactly (products above 2^53)', () => {
    const input = inputOf(1, [[30_001]], [0], [{ day: 0, fund: 0, units: 10 ** 15 + 7, cost: 1 }]);
    // ⌊(10^15 + 7) × 30,001 ÷ 10,000⌋ = 3,000,100,000,000,021 (7 × 30,001 = 210,007 → ⌊21.0007⌋ = 21)
    expect(BigInt(computeAssetHistory(input).value[0]!)).toBe(3_000_100_000_000_021n);
  });

  it('refuses a figure that is not a safe integer instead of rounding it', () => {
    const input = inputOf(1, [[10_000]], [0], [{ day: 0, fund: 0, units: 2 ** 53 + 2, cost: 0 }]);
    expect(() => computeAssetHistory(input)).toThrow(RangeError);
  });

  it('takes about twice as long for twice the transactions (linear), 10 years of daily prices, 5 funds', () => {
    const dayCount = 3_653;
    const fundCount = 5;
    const navs = Array.from({ length: fundCount }, (_, fund) =>
      Array.from({ length: dayCount }, (_, day) => 10_000 + ((day * (fund + 3)) % 5_000)),
    );
    const timeFor = (count: number): number => {
      const transactions = Array.from({ length: count }, (_, index) => ({
        day: index % dayCount,
        fund: index % fundCount,
        units: 1_000 + (index % 97),
        cost: 1_000,
      }));
      const input = inputOf(dayCount, navs, [0, 10, 20, 30, 0], transactions);
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 5; run += 1) {
        const started = performance.now();
        computeAssetHistory(input);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    timeFor(100_000); // warm-up
    const small = timeFor(100_000);
    const large = timeFor(400_000);
    // linear: 4 × the transactions costs at most ~4 × (plus the fixed days × funds part); a quadratic
    // algorithm would be 16 ×. Generous bound for a noisy, shared machine.
    expect(large / small).toBeLessThan(10);
  });
});
