import { divideCeil, divideFloor } from '../money/rounding.ts';
import { unitsPerQuote, type Units, type Yen } from '../money/money.ts';

/**
 * 簿価 (book value) of a holding: what its units cost, kept per holding as the settlement step keeps it
 * (holdings.book_value) and as the NISA limits count it (domain.md §5). One rule for every screen and
 * for the NISA usage — /v1/assets and /v6/nisaStatusByYear show the same yen for the same units
 * (issue 13, point 5):
 * - a purchase adds its amount (取得価額, what was paid for the units);
 * - units that leave (a sale, or a pending sell's units deducted from view) take ⌊簿価 × units ÷ held⌋ of
 *   it, rounded down so a partial sale never frees more than was used; the last units take all that is
 *   left, so a holding sold off in pieces gives back exactly its whole book value.
 * The 個別元本 (cost basis per 10,000 units, rounded up) is the tax rule of a sale's 取得費 (decision
 * 005); units × 個別元本 overstates this book value by up to one yen per 10,000 units.
 */
export interface BookValuePosition {
  readonly units: Units;
  readonly bookValue: Yen;
}

export const emptyBookValuePosition: BookValuePosition = { units: 0n as Units, bookValue: 0n as Yen };

/** 簿価 of `units` of the position: ⌊簿価 × units ÷ held⌋, all of it for all the units. */
export function bookValueOfUnits(position: BookValuePosition, units: Units): Yen {
  if (units < 0n || units > position.units) {
    throw new RangeError(`Units must be in [0, ${position.units}], got ${units}`);
  }
  if (units === position.units) return position.bookValue;
  return divideFloor(position.bookValue * units, position.units) as Yen;
}

/** The position after a purchase of `units` for `amount` yen. */
export function bookValueAfterPurchase(
  position: BookValuePosition,
  units: Units,
  amount: Yen,
): BookValuePosition {
  return { units: (position.units + units) as Units, bookValue: (position.bookValue + amount) as Yen };
}

/** The position after `units` left it (a sale or an 出庫). */
export function bookValueAfterSale(position: BookValuePosition, units: Units): BookValuePosition {
  const out = bookValueOfUnits(position, units);
  return { units: (position.units - units) as Units, bookValue: (position.bookValue - out) as Yen };
}

/** 簿価 of the units shown: the position without the units a pending sell already deducts (spec §4). */
export function bookValueShown(position: BookValuePosition, pendingSellUnits: Units): Yen {
  const pending = pendingSellUnits < position.units ? pendingSellUnits : position.units;
  return (position.bookValue - bookValueOfUnits(position, pending as Units)) as Yen;
}

/** What units that come in without a price of their own (an 入庫) add: ⌈units × 個別元本 ÷ 10,000⌉. */
export function bookValueAtBasis(units: Units, basisPer10k: Yen): Yen {
  return divideCeil(units * basisPer10k, unitsPerQuote) as Yen;
}
