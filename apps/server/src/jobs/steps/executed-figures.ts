import type { NavPer10k, Units, Yen } from '@fund/domain';
import type { Order } from '@fund/db';

/** The figures an EXECUTED order was executed at, which settlement books; missing ones are a broken order. */
export function executedFigures(order: Order) {
  if (
    order.executedUnits === null ||
    order.executedAmount === null ||
    order.executedNav === null ||
    order.executedPrice === null
  ) {
    throw new Error(`Order ${order.id} is EXECUTED without executed figures`);
  }
  return {
    units: order.executedUnits as Units,
    amount: order.executedAmount as Yen,
    nav: order.executedNav as NavPer10k,
    price: order.executedPrice as NavPer10k,
  };
}
