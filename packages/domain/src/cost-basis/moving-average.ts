import { InsufficientUnitsError } from '../money/fund-pricing.ts';
import { unitsPerQuote, type NavPer10k, type Units, type Yen } from '../money/money.ts';
import { divideCeil } from '../money/rounding.ts';

/**
 * 個別元本: a customer's cost basis in one fund and account, in whole yen per 10,000 units, kept as a
 * moving average over purchases by units (domain.md §6).
 */
export interface CostBasisPosition {
  readonly units: Units;
  /** 個別元本 per 10,000 units; 0 while no units are held. */
  readonly basisPer10k: Yen;
}

export const emptyCostBasisPosition: CostBasisPosition = { units: 0n as Units, basisPer10k: 0n as Yen };

/**
 * Re-averages after a purchase of `bought` units at `pricePer10k` (the NAV; a sales fee would be added
 * to it, the no-load demo funds have none):
 * ⌈(held × 個別元本 + bought × price) ÷ (held + bought)⌉, rounded UP to whole yen — the common practice
 * for 個別元本 (円未満切り上げ), and the side that never overstates the customer's taxable gain.
 */
export function applyPurchaseToCostBasis(
  position: CostBasisPosition,
  bought: Units,
  pricePer10k: NavPer10k,
): CostBasisPosition {
  if (bought <= 0n) throw new RangeError(`Bought units must be positive, got ${bought}`);
  const totalUnits = position.units + bought;
  const basis = divideCeil(position.units * position.basisPer10k + bought * pricePer10k, totalUnits);
  return { units: totalUnits as Units, basisPer10k: basis as Yen };
}

/** A sale leaves 個別元本 unchanged; once nothing is held, the position starts afresh. */
export function applySaleToCostBasis(position: CostBasisPosition, sold: Units): CostBasisPosition {
  if (sold <= 0n) throw new RangeError(`Sold units must be positive, got ${sold}`);
  if (sold > position.units) throw new InsufficientUnitsError(sold, position.units);
  const remaining = position.units - sold;
  return remaining === 0n
    ? emptyCostBasisPosition
    : { units: remaining as Units, basisPer10k: position.basisPer10k };
}

export interface RealisedGain {
  /** 取得費: ⌈units × 個別元本 ÷ 10,000⌉ */
  readonly acquisitionCost: Yen;
  /** 譲渡損益 = proceeds − acquisition cost; negative for a loss. */
  readonly gain: Yen;
}

/**
 * Gain on a sale = proceeds − units × 個別元本 ÷ 10,000. The cost is rounded UP to the yen, like the
 * 個別元本 itself: with proceeds rounded down, the gain is never overstated by rounding.
 */
export function realisedGain(sold: Units, grossProceeds: Yen, basisPer10k: Yen): RealisedGain {
  const acquisitionCost = divideCeil(sold * basisPer10k, unitsPerQuote) as Yen;
  return { acquisitionCost, gain: (grossProceeds - acquisitionCost) as Yen };
}
