import {
  costOfUnits,
  InsufficientUnitsError,
  OrderTooSmallError,
  sellProceeds,
  unitsForAmount,
  unitsToSellForAmount,
} from '../money/fund-pricing.ts';
import type { NavPer10k, Units, Yen } from '../money/money.ts';

/**
 * What an order becomes on its 約定日, once the price is known (blind pricing: at order time it is not,
 * domain.md §1).
 */

export type BuyOrder =
  { readonly type: 'AMOUNT'; readonly amount: Yen } | { readonly type: 'QUANTITY'; readonly units: Units };

export type SellOrder =
  | { readonly type: 'AMOUNT'; readonly amount: Yen }
  | { readonly type: 'QUANTITY'; readonly units: Units }
  | { readonly type: 'ALL' };

export interface BuyExecution {
  readonly units: Units;
  /** What the customer pays (約定金額; no-load funds take no fee). */
  readonly amount: Yen;
}

export interface SellExecution {
  readonly units: Units;
  /** 解約代金 before withheld tax. */
  readonly grossProceeds: Yen;
  /** An amount sell that the holding could not cover, executed as a sell of every held unit. */
  readonly capped: boolean;
}

/**
 * An amount buy pays the whole amount for ⌊amount × 10,000 ÷ NAV⌋ units; a unit-count buy pays
 * ⌈units × NAV ÷ 10,000⌉ yen. A buy that would issue no unit is refused rather than take money for nothing.
 */
export function executeBuy(order: BuyOrder, nav: NavPer10k): BuyExecution {
  const execution =
    order.type === 'AMOUNT'
      ? { units: unitsForAmount(order.amount, nav), amount: order.amount }
      : { units: order.units, amount: costOfUnits(order.units, nav) };
  if (execution.units <= 0n) throw new OrderTooSmallError('The order would buy no units');
  return execution;
}

/**
 * A sell at the 解約価額: an amount sell takes the fewest units that reach the amount, capped at the
 * holding; a unit-count sell for more than is held is refused (the customer named a count they do not
 * have, unlike an amount, whose unit count they cannot know in advance); ALL sells every held unit.
 */
export function executeSell(order: SellOrder, held: Units, price: NavPer10k): SellExecution {
  let count: Units;
  let capped = false;
  if (order.type === 'AMOUNT') {
    ({ units: count, capped } = unitsToSellForAmount(order.amount, price, held));
  } else if (order.type === 'QUANTITY') {
    if (order.units > held) throw new InsufficientUnitsError(order.units, held);
    count = order.units;
  } else {
    count = held;
  }
  if (count <= 0n) throw new OrderTooSmallError('The order would sell no units');
  return { units: count, grossProceeds: sellProceeds(count, price), capped };
}
