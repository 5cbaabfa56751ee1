/**
 * Asset history for charts (評価額と簿価の推移): one value and one cost per calendar day, computed from
 * columnar typed arrays in O(transactions + days × funds), so 1e5 transactions over ten years of daily
 * prices take a few milliseconds (performance.md). Everything is a whole number held in a float64, which
 * is exact up to 2^53 − 1: inputs are checked to be safe integers and every result is checked too, so
 * the series is exact or the call throws a RangeError (never a silently rounded figure).
 *
 * Rules, the same as the single-holding valuation (holding-valuation.ts):
 * - a transaction counts from its day index (its 受渡日) on;
 * - the value of a fund on a day is ⌊units × 解約価額 ÷ 10,000⌋ with 解約価額 = NAV − ⌈NAV × bp ÷ 10,000⌉
 *   (`cancellationPrice`), the NAV being the latest on or before that day; the day's value is the sum of
 *   those. A "fund" of this input is one holding (a fund in one account type, the server gives each its
 *   own index): each holding is rounded down once and the holdings summed, as the 評価額 of a holding
 *   list is (valueHolding, sumValuations), so a chart and a summary of the same day agree to the yen;
 * - the cost is the running sum of the transactions' book-value changes.
 */
export interface AssetHistoryInput {
  /** Number of calendar days in the series (day 0 is the first). */
  readonly dayCount: number;
  readonly fundCount: number;
  /**
   * Per transaction, its 受渡日 as a day index: below 0 means before the series starts (counts from day
   * 0), at or beyond `dayCount` means after it ends (ignored).
   */
  readonly transactionDay: Int32Array;
  /** Per transaction, the fund's index in [0, fundCount). */
  readonly transactionFund: Int32Array;
  /** Per transaction, the signed change of units (+ bought, − sold). */
  readonly transactionUnits: Float64Array;
  /** Per transaction, the signed change of book value in yen. */
  readonly transactionCost: Float64Array;
  /**
   * NAV per 10,000 units of fund f on day d at `[f × dayCount + d]`: the latest NAV on or before the day,
   * 0 while the fund has none yet.
   */
  readonly nav: Float64Array;
  /** 信託財産留保額 in basis points per fund. */
  readonly retentionFeeBasisPoints: Int32Array;
}

export interface AssetHistorySeries {
  /** 評価額 per day. */
  readonly value: Float64Array;
  /** 簿価 per day. */
  readonly cost: Float64Array;
}

const quote = 10_000;

function assertSafe(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is not a safe integer: ${value}`);
}

/**
 * ⌊units × price ÷ 10,000⌋ without an intermediate above 2^53: units = hi × 10,000 + lo, so the result is
 * hi × price + ⌊lo × price ÷ 10,000⌋, and lo × price < 10,000 × price stays small.
 */
export function floorValueOfUnits(units: number, price: number): number {
  const hi = Math.floor(units / quote);
  const lo = units - hi * quote;
  return hi * price + Math.floor((lo * price) / quote);
}

/** 解約価額 per 10,000 units as a float64 (exact for real NAVs): NAV − ⌈NAV × bp ÷ 10,000⌉. */
export function cancellationPriceOfNav(nav: number, basisPoints: number): number {
  return nav - Math.ceil((nav * basisPoints) / quote);
}

export function computeAssetHistory(input: AssetHistoryInput): AssetHistorySeries {
  const { dayCount, fundCount } = input;
  const count = input.transactionDay.length;
  if (
    input.transactionFund.length !== count ||
    input.transactionUnits.length !== count ||
    input.transactionCost.length !== count
  ) {
    throw new RangeError('Transaction columns must have the same length');
  }
  if (input.nav.length !== fundCount * dayCount || input.retentionFeeBasisPoints.length !== fundCount) {
    throw new RangeError('Price columns must have fundCount × dayCount entries');
  }

  // 1. bucket each transaction's change into its (fund, day) cell and its day: O(transactions)
  const unitChange = new Float64Array(fundCount * dayCount);
  const costChange = new Float64Array(dayCount);
  for (let i = 0; i < count; i += 1) {
    const day = input.transactionDay[i]!;
    if (day >= dayCount) continue;
    const fund = input.transactionFund[i]!;
    if (fund < 0 || fund >= fundCount) throw new RangeError(`Fund index out of range: ${fund}`);
    const units = input.transactionUnits[i]!;
    const cost = input.transactionCost[i]!;
    assertSafe(units, 'Units');
    assertSafe(cost, 'Cost');
    const cell = day < 0 ? 0 : day;
    unitChange[fund * dayCount + cell]! += units;
    costChange[cell]! += cost;
  }

  // 2. running units per fund, valued at each day's 解約価額: O(days × funds)
  const value = new Float64Array(dayCount);
  for (let fund = 0; fund < fundCount; fund += 1) {
    const offset = fund * dayCount;
    const basisPoints = input.retentionFeeBasisPoints[fund]!;
    let units = 0;
    for (let day = 0; day < dayCount; day += 1) {
      units += unitChange[offset + day]!;
      const nav = input.nav[offset + day]!;
      if (units !== 0 && nav > 0) {
        value[day]! += floorValueOfUnits(units, cancellationPriceOfNav(nav, basisPoints));
      }
    }
    assertSafe(units, 'Units held');
  }
  const cost = new Float64Array(dayCount);
  let running = 0;
  for (let day = 0; day < dayCount; day += 1) {
    running += costChange[day]!;
    cost[day] = running;
    assertSafe(value[day]!, 'Value');
    assertSafe(running, 'Cost');
  }
  return { value, cost };
}
