import type { OrderView } from '@fund/contracts';
import type { Database, Order, Transaction } from '@fund/db';
import { canCancelOrder } from '@fund/domain';
import { fundNamesByIds, heldAmounts } from './trading.repository.ts';

/** An order as the orders API shows it, with its fund's code and name and the money its buy holds. */
export function toOrderView(
  order: Order,
  fund: { code: string; name: string },
  held: bigint,
  now: Date,
): OrderView {
  const text = (value: bigint | null) => (value === null ? null : value.toString());
  return {
    id: order.id,
    fundCode: fund.code,
    fundName: fund.name,
    accountType: order.accountType,
    channel: order.channel,
    orderType: order.orderType,
    status: order.status,
    requestedAmount: text(order.requestedAmount),
    requestedUnits: text(order.requestedUnits),
    reservedUnits: order.reservedUnits.toString(),
    // a cancelled buy gave its money back: nothing is held any more
    heldAmount: order.status === 'CANCELED' ? '0' : held.toString(),
    executedUnits: text(order.executedUnits),
    executedAmount: text(order.executedAmount),
    executedPrice: text(order.executedPrice),
    pointsUsed: order.pointsUsed.toString(),
    pointsValue: order.pointsValue.toString(),
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    nisaBucket: order.nisaBucket,
    nisaAmount: order.nisaAmount.toString(),
    taxWithheld: order.taxWithheld.toString(),
    applicationDate: order.applicationDate,
    tradeDate: order.tradeDate,
    settlementDate: order.settlementDate,
    cancelDeadline: order.cancelDeadline.toISOString(),
    cancelable:
      (order.channel === 'BUY' || order.channel === 'SELL') &&
      canCancelOrder(order.status, now, order.cancelDeadline),
    createdAt: order.createdAt.toISOString(),
    canceledAt: order.canceledAt?.toISOString() ?? null,
  };
}

/** The orders as shown, their funds' names and held amounts read for all of them at once. */
export async function orderViews(
  executor: Database | Transaction,
  rows: readonly Order[],
  now: Date,
): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const byId = await fundNamesByIds(executor, [...new Set(rows.map((row) => row.fundId))]);
  const held = await heldAmounts(
    executor,
    rows.filter((row) => row.channel === 'BUY').map((row) => row.id),
  );
  return rows.map((row) =>
    toOrderView(row, byId.get(row.fundId) ?? { code: '', name: '' }, held.get(row.id) ?? 0n, now),
  );
}
