import {
  applyPurchaseToCostBasis,
  applySaleToCostBasis,
  emptyCostBasisPosition,
  type CostBasisPosition,
} from '../cost-basis/moving-average.ts';
import { cancellationPrice, valueOfUnits } from '../money/fund-pricing.ts';
import { unitsPerQuote, type NavPer10k, type Units, type Yen } from '../money/money.ts';
import { divideCeil } from '../money/rounding.ts';

/**
 * Valuation of holdings (spec §9, domain.md §1): units are valued at the 解約価額 (NAV − 信託財産留保額)
 * of the reference date; a sell order reduces the units shown from the moment it is placed; units count
 * only from their 受渡日, which is when trades are written, so a recurring purchase counts in value,
 * units, gain and day change only from its delivery date.
 */

/** One settled movement of units in one fund and account, as the trade history records it. */
export interface UnitMovement {
  /** IN: a purchase (or 入庫); OUT: a sale (or 出庫). */
  readonly direction: 'IN' | 'OUT';
  readonly units: Units;
  /**
   * Price per 10,000 units the units came in at (the NAV of a purchase). Null for an 入庫 without a
   * price: the units join at the position's current 個別元本.
   */
  readonly pricePer10k: NavPer10k | null;
}

export interface ReplayedMovement {
  /** Position after the movement. */
  readonly position: CostBasisPosition;
  /** Change of book value (簿価) the movement made: positive in, negative out. */
  readonly bookValueChange: Yen;
}

/** 簿価 of `units` at a 個別元本: ⌈units × 個別元本 ÷ 10,000⌉, the 取得費 rule of decision 005. */
export function bookValueOf(units: Units, basisPer10k: Yen): Yen {
  return divideCeil(units * basisPer10k, unitsPerQuote) as Yen;
}

/** Applies one movement to a position with the moving-average rules of `cost-basis/moving-average.ts`. */
export function replayMovement(position: CostBasisPosition, movement: UnitMovement): ReplayedMovement {
  const before = bookValueOf(position.units, position.basisPer10k);
  let after: CostBasisPosition;
  if (movement.direction === 'OUT') {
    after = applySaleToCostBasis(position, movement.units);
  } else {
    const price = movement.pricePer10k ?? (position.basisPer10k as bigint as NavPer10k);
    after =
      price > 0n
        ? applyPurchaseToCostBasis(position, movement.units, price)
        : { units: (position.units + movement.units) as Units, basisPer10k: position.basisPer10k };
  }
  return {
    position: after,
    bookValueChange: (bookValueOf(after.units, after.basisPer10k) - before) as Yen,
  };
}

/** The position after all `movements`, in settlement order. */
export function replayMovements(movements: Iterable<UnitMovement>): CostBasisPosition {
  let position = emptyCostBasisPosition;
  for (const movement of movements) position = replayMovement(position, movement).position;
  return position;
}

export interface HoldingValuationInput {
  /** Units settled on the reference date (受渡日 ≤ reference date). */
  readonly settledUnits: Units;
  /** Units of sell orders placed but not settled on the reference date; deducted at once (spec §4). */
  readonly pendingSellUnits: Units;
  /** 個別元本 per 10,000 units. */
  readonly basisPer10k: Yen;
  /** NAV of the latest NAV date on or before the reference date; null before the first NAV. */
  readonly nav: NavPer10k | null;
  /** NAV of the NAV date before that one, for the day change; null when there is none. */
  readonly previousNav: NavPer10k | null;
  /** 信託財産留保額 in basis points. */
  readonly retentionFeeBasisPoints: number;
}

export interface HoldingValuation {
  /** Units shown: settled minus pending sells, never below zero. */
  readonly units: Units;
  readonly pendingSellUnits: Units;
  readonly cancellationPrice: NavPer10k | null;
  /** 評価額 = ⌊units × 解約価額 ÷ 10,000⌋. */
  readonly value: Yen;
  /** 簿価 of the units shown. */
  readonly bookValue: Yen;
  /** 評価損益 = value − bookValue. */
  readonly gainLoss: Yen;
  /** 前日比: the same units at this 解約価額 minus at the previous NAV's 解約価額. */
  readonly dayChange: Yen;
}

export function valueHolding(input: HoldingValuationInput): HoldingValuation {
  const pending = input.pendingSellUnits < input.settledUnits ? input.pendingSellUnits : input.settledUnits;
  const shown = (input.settledUnits - pending) as Units;
  const price = input.nav === null ? null : cancellationPrice(input.nav, input.retentionFeeBasisPoints);
  const previousPrice =
    input.previousNav === null ? price : cancellationPrice(input.previousNav, input.retentionFeeBasisPoints);
  const value = price === null ? (0n as Yen) : valueOfUnits(shown, price);
  const previousValue = previousPrice === null ? value : valueOfUnits(shown, previousPrice);
  const bookValue = bookValueOf(shown, input.basisPer10k);
  return {
    units: shown,
    pendingSellUnits: pending as Units,
    cancellationPrice: price,
    value,
    bookValue,
    gainLoss: (value - bookValue) as Yen,
    dayChange: (value - previousValue) as Yen,
  };
}

export interface ValuationFigures {
  readonly value: Yen;
  readonly bookValue: Yen;
  readonly gainLoss: Yen;
  readonly dayChange: Yen;
}

/** Sum of several holdings' figures (subtotals per account type, the total). */
export function sumValuations(items: Iterable<ValuationFigures>): ValuationFigures {
  let value = 0n;
  let bookValue = 0n;
  let gainLoss = 0n;
  let dayChange = 0n;
  for (const item of items) {
    value += item.value;
    bookValue += item.bookValue;
    gainLoss += item.gainLoss;
    dayChange += item.dayChange;
  }
  return {
    value: value as Yen,
    bookValue: bookValue as Yen,
    gainLoss: gainLoss as Yen,
    dayChange: dayChange as Yen,
  };
}
