import { DomainError } from '../errors/domain-error.ts';
import { unitsPerQuote, type NavPer10k, type Units, type Yen } from './money.ts';
import { divideCeil, divideFloor } from './rounding.ts';

/**
 * The arithmetic between yen, units and a price per 10,000 units (domain.md §1). Each rule multiplies in
 * `bigint` and rounds exactly once, at the end, in the direction named in its comment. The common thread:
 * fractions of a yen or a unit never go to the customer who is entering or leaving the fund, so the
 * holders who stay are never diluted.
 */

/** 1 basis point = 0.01 %; retention fees are set in basis points (0.1 % = 10 bp, 0.3 % = 30 bp). */
export const basisPointsPerWhole = 10_000n;

export class OrderTooSmallError extends DomainError {
  override readonly name = 'OrderTooSmallError';
  readonly code = 'order-too-small';
}

export class InsufficientUnitsError extends DomainError {
  override readonly name = 'InsufficientUnitsError';
  readonly code = 'insufficient-units';

  readonly requested: Units;
  readonly held: Units;

  constructor(requested: Units, held: Units) {
    super(`Cannot sell ${requested} units: ${held} held`);
    this.requested = requested;
    this.held = held;
  }
}

/**
 * Value (評価額) or amount of `units` at a price per 10,000 units: ⌊units × price ÷ 10,000⌋, rounded down
 * (切り捨て). Valuation passes the 解約価額 of the reference date (spec §9).
 */
export function valueOfUnits(units: Units, pricePer10k: NavPer10k): Yen {
  return divideFloor(units * pricePer10k, unitsPerQuote) as Yen;
}

/**
 * Units bought by an amount (金額買付): ⌊amount × 10,000 ÷ NAV⌋, rounded down. No-load funds take no sales
 * fee, so the whole amount buys units; the fraction of a unit it cannot buy stays in the fund.
 */
export function unitsForAmount(amount: Yen, nav: NavPer10k): Units {
  if (amount < 0n) throw new RangeError(`Amount must not be negative, got ${amount}`);
  return divideFloor(amount * unitsPerQuote, nav) as Units;
}

/**
 * Amount charged for a unit-count buy (口数買付): ⌈units × NAV ÷ 10,000⌉, rounded up, so the units issued
 * are always fully paid for.
 */
export function costOfUnits(count: Units, nav: NavPer10k): Yen {
  return divideCeil(count * nav, unitsPerQuote) as Yen;
}

function assertRetentionFeeRate(basisPoints: number): void {
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints >= 10_000) {
    throw new RangeError(`Retention fee must be whole basis points in [0, 10000), got ${basisPoints}`);
  }
}

/**
 * 信託財産留保額 per 10,000 units: ⌈NAV × rate⌉, rounded UP to whole yen. It stays in the fund for the
 * holders who remain, so rounding the fee up is the side that never short-changes them, and it keeps the
 * 解約価額 a whole-yen price like the NAV.
 */
export function retentionFeePer10k(nav: NavPer10k, feeBasisPoints: number): Yen {
  assertRetentionFeeRate(feeBasisPoints);
  return divideCeil(nav * BigInt(feeBasisPoints), basisPointsPerWhole) as Yen;
}

/**
 * 解約価額 = NAV − 信託財産留保額 (per 10,000 units). With the fee rounded up this equals
 * ⌊NAV × (10,000 − bp) ÷ 10,000⌋. Throws when the price would not be positive (only possible for a NAV of
 * a few yen with a fee, which no real fund quotes).
 */
export function cancellationPrice(nav: NavPer10k, feeBasisPoints: number): NavPer10k {
  const price = nav - retentionFeePer10k(nav, feeBasisPoints);
  if (price <= 0n) throw new RangeError(`解約価額 would not be positive for NAV ${nav}`);
  return price as NavPer10k;
}

/** Gross sell proceeds (解約代金, before withheld tax): ⌊units × 解約価額 ÷ 10,000⌋, rounded down. */
export function sellProceeds(count: Units, price: NavPer10k): Yen {
  return valueOfUnits(count, price);
}

export interface UnitsToSell {
  readonly units: Units;
  /** True when the holding could not cover the amount and every held unit is sold instead. */
  readonly capped: boolean;
}

/**
 * Units for an amount sell (金額解約): the fewest units whose proceeds reach the amount,
 * ⌈amount × 10,000 ÷ 解約価額⌉ (rounded up), capped at the holding. Because proceeds are rounded down, the
 * rounded-up count is exactly the smallest with ⌊units × price ÷ 10,000⌋ ≥ amount.
 */
export function unitsToSellForAmount(amount: Yen, price: NavPer10k, held: Units): UnitsToSell {
  if (amount <= 0n) throw new OrderTooSmallError(`Sell amount must be positive, got ${amount}`);
  const needed = divideCeil(amount * unitsPerQuote, price);
  return needed >= held ? { units: held, capped: needed > held } : { units: needed as Units, capped: false };
}
