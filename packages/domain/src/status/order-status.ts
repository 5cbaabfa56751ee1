import type { OrderStatus } from '../enums/order.ts';
import { defineStateMachine, type TransitionTable } from './state-machine.ts';

/**
 * Order status (domain.md §2):
 * - ORDERED   受付済: accepted, the price is not known yet; cancellable until the 申込日 cut-off.
 * - EXECUTED  約定済: priced at the NAV of the 約定日; units and amount are final.
 * - TRADED    受渡済: settled on the 受渡日; the units and the cash have moved and NISA use is final.
 * - COMPLETED 完了:  nothing left to do: the proceeds of a sell have been paid out and the 取引報告書
 *                    issued. For a buy the batch moves TRADED → COMPLETED in the same run.
 * - CANCELED  取消: cancelled before the cut-off (by the customer, or by the seller before pricing).
 * An order cannot be cancelled once priced: the cut-off is always before the 約定日's pricing.
 */
export const orderStatusTransitions = {
  ORDERED: ['EXECUTED', 'CANCELED'],
  EXECUTED: ['TRADED'],
  TRADED: ['COMPLETED'],
  COMPLETED: [],
  CANCELED: [],
} as const satisfies TransitionTable<OrderStatus>;

export const orderStatusMachine = defineStateMachine<OrderStatus>('OrderStatus', orderStatusTransitions);
