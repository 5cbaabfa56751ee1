import {
  applyPurchaseToCostBasis,
  applySaleToCostBasis,
  emptyCostBasisPosition,
  type CostBasisPosition,
} from '../cost-basis/moving-average.ts';
import { cancellationPrice, valueOfUnits } from '../money/fund-pricing.ts';
import type { NavPer10k, Units, Yen } from '../money/money.ts';
import {
  bookValueAfterPurchase,
  bookValueAfterSale,
  bookValueAtBasis,
  bookValueShown,
  type BookValuePosition,
} from './book-value.ts';

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
  /** IN: what the units cost (the purchase's amount), their 簿価; null: valued at their price or 個別元本. */
  readonly amount?: Yen | null;
}

/** A holding replayed: its 個別元本 (tax rule) and its 簿価 (book-value.ts), side by side. */
export interface HoldingPosition extends CostBasisPosition {
  readonly bookValue: Yen;
}

export const emptyHoldingPosition: HoldingPosition = { ...emptyCostBasisPosition, bookValue: 0n as Yen };

export interface ReplayedMovement {
  /** Position after the movement. */
  readonly position: HoldingPosition;
  /** Change of book value (簿価) the movement made: positive in, negative out. */
  readonly bookValueChange: Yen;
}

/** Applies one movement: 個別元本 by `cost-basis/moving-average.ts`, 簿価 by `book-value.ts`. */
export function replayMovement(position: HoldingPosition, movement: UnitMovement): ReplayedMovement {
  let cost: CostBasisPosition;
  let book: BookValuePosition;
  if (movement.direction === 'OUT') {
    cost = applySaleToCostBasis(position, movement.units);
    book = bookValueAfterSale(position, movement.units);
  } else {
    const price = movement.pricePer10k ?? (position.basisPer10k as bigint as NavPer10k);
    cost =
      price > 0n
        ? applyPurchaseToCostBasis(position, movement.units, price)
        : { units: (position.units + movement.units) as Units, basisPer10k: position.basisPer10k };
    const amount = movement.amount ?? bookValueAtBasis(movement.units, price as bigint as Yen);
    book = bookValueAfterPurchase(position, movement.units, amount);
  }
  return {
    position: { ...cost, bookValue: book.bookValue },
    bookValueChange: (book.bookValue - position.bookValue) as Yen,
  };
}

/** The position after all `movements`, in settlement order. */
export function replayMovements(movements: Iterable<UnitMovement>): HoldingPosition {
  let position = emptyHoldingPosition;
  for (const movement of movements) position = replayMovement(position, movement).position;
  return position;
}

export interface HoldingValuationInput {
  /** Units settled on the reference date (受渡日 ≤ reference date). */
  readonly settledUnits: Units;
  /** Units of sell orders placed but not settled on the reference date; deducted at once (spec §4). */
  readonly pendingSellUnits: Units;
  /** 簿価 of the settled units (book-value.ts); the units shown carry it pro rata. */
  readonly bookValue: Yen;
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
  /** 簿価 of the units shown: the settled units' 簿価 less the pending sells' share (book-value.ts). */
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
  const bookValue = bookValueShown(
    { units: input.settledUnits, bookValue: input.bookValue },
    pending as Units,
  );
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
