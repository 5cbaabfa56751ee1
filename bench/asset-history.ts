// Asset-history budget of performance.md: @fund/domain's computeAssetHistory over 1e5 transactions (a daily
// series over 10 years, 5 funds) against a typed-array floor written here, in the same run, interleaved;
// and 1e4 against 1e5 transactions to show it is linear in transactions.
import { computeAssetHistory, type AssetHistoryInput } from '@fund/domain';
import { envNumber } from './support/env.ts';
import { budget, finish, printBudgets, round } from './support/report.ts';

const dayCount = 3_653; // 10 years of calendar days
const fundCount = 5;
const runs = envNumber('BENCH_VALUATION_RUNS', 40);
const limits = { floorRatio: 5, linearity: 10 };

/** Deterministic input: NAVs that move every day, purchases every few days, one sale in seven. */
function inputOf(transactions: number): AssetHistoryInput {
  const nav = new Float64Array(fundCount * dayCount);
  for (let fund = 0; fund < fundCount; fund += 1) {
    for (let day = 0; day < dayCount; day += 1) {
      nav[fund * dayCount + day] = 10_000 + ((day * (fund + 3) * 7919) % 9_000);
    }
  }
  const transactionDay = new Int32Array(transactions);
  const transactionFund = new Int32Array(transactions);
  const transactionUnits = new Float64Array(transactions);
  const transactionCost = new Float64Array(transactions);
  for (let index = 0; index < transactions; index += 1) {
    // spread over the ten years in order, as settled trades come
    transactionDay[index] = Math.floor((index * dayCount) / transactions);
    transactionFund[index] = index % fundCount;
    const sale = index % 7 === 6;
    transactionUnits[index] = sale ? -500 : 10_000 + (index % 97);
    transactionCost[index] = sale ? -480 : 10_000;
  }
  return {
    dayCount,
    fundCount,
    transactionDay,
    transactionFund,
    transactionUnits,
    transactionCost,
    nav,
    retentionFeeBasisPoints: Int32Array.from([0, 10, 20, 30, 0]),
  };
}

/**
 * The floor: the same shape of work with nothing but typed-array loops — bucket the units into their
 * (fund, day) cell, then per fund a running sum valued at each day's NAV (units × price ÷ 10,000), and the
 * running cost. No checks, no 解約価額, no flooring.
 */
function floorHistory(input: AssetHistoryInput): { value: Float64Array; cost: Float64Array } {
  const cells = new Float64Array(input.fundCount * input.dayCount);
  const costChange = new Float64Array(input.dayCount);
  for (let index = 0; index < input.transactionDay.length; index += 1) {
    const day = input.transactionDay[index]!;
    cells[input.transactionFund[index]! * input.dayCount + day]! += input.transactionUnits[index]!;
    costChange[day]! += input.transactionCost[index]!;
  }
  const value = new Float64Array(input.dayCount);
  for (let fund = 0; fund < input.fundCount; fund += 1) {
    const offset = fund * input.dayCount;
    let units = 0;
    for (let day = 0; day < input.dayCount; day += 1) {
      units += cells[offset + day]!;
      value[day]! += (units * input.nav[offset + day]!) / 10_000;
    }
  }
  const cost = new Float64Array(input.dayCount);
  let running = 0;
  for (let day = 0; day < input.dayCount; day += 1) {
    running += costChange[day]!;
    cost[day] = running;
  }
  return { value, cost };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

let sink = 0; // keeps the results alive, so nothing is optimised away

function time(compute: () => { value: Float64Array }): number {
  const startedAt = performance.now();
  const series = compute();
  const elapsed = performance.now() - startedAt;
  sink += series.value[series.value.length - 1]!;
  return elapsed;
}

/** Median times over `runs` rounds, the functions alternating so a busy moment hits all of them. */
function measure(entries: Record<string, () => { value: Float64Array }>): Record<string, number> {
  for (const compute of Object.values(entries)) for (let warm = 0; warm < 5; warm += 1) time(compute);
  const samples: Record<string, number[]> = Object.fromEntries(
    Object.keys(entries).map((name) => [name, []]),
  );
  for (let run = 0; run < runs; run += 1) {
    for (const [name, compute] of Object.entries(entries)) samples[name]!.push(time(compute));
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}

const large = inputOf(100_000);
const small = inputOf(10_000);
const times = measure({
  'floor 1e5': () => floorHistory(large),
  'domain 1e5': () => computeAssetHistory(large),
  'floor 1e4': () => floorHistory(small),
  'domain 1e4': () => computeAssetHistory(small),
});

console.table(
  Object.fromEntries(
    Object.entries(times).map(([name, ms]) => [
      name,
      { 'median ms': round(ms, 3), transactions: name.endsWith('1e5') ? 100_000 : 10_000 },
    ]),
  ),
);
const checks = [
  budget(
    'domain 1e5 ÷ typed-array floor 1e5',
    times['domain 1e5']! / times['floor 1e5']!,
    limits.floorRatio,
    true,
  ),
  budget(
    'domain 1e5 ÷ domain 1e4 (linear: ≤ 10)',
    times['domain 1e5']! / times['domain 1e4']!,
    limits.linearity,
    true,
  ),
];
printBudgets(checks, []);
finish(
  'asset-history.json',
  {
    dayCount,
    fundCount,
    runs,
    medianMs: Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, round(ms, 3)])),
    checksum: sink === 0 ? 0 : 1,
  },
  checks,
);
