import { orders, type Transaction } from '@fund/db';
import { orderStatusMachine, type IsoDate } from '@fund/domain';
import { and, inArray } from 'drizzle-orm';
import { orderExecutionStep } from '../jobs/steps/order-execution.step.ts';
import { orderSettlementStep } from '../jobs/steps/order-settlement.step.ts';
import { sellPayoutDate, sellPayoutsStep } from '../jobs/steps/sell-payouts.step.ts';
import type { ReplayedBatchItems } from './demo-history-batch-items.ts';

async function openOrders(tx: Transaction, customerIds: readonly string[]) {
  return tx
    .select({
      id: orders.id,
      status: orders.status,
      channel: orders.channel,
      applicationDate: orders.applicationDate,
      tradeDate: orders.tradeDate,
      settlementDate: orders.settlementDate,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.customerId, [...customerIds]),
        inArray(orders.status, ['ORDERED', 'EXECUTED', 'TRADED']),
      ),
    )
    .orderBy(orders.createdAt, orders.id);
}

/**
 * The rest of the batch for a replayed date: 約定, 受渡 and payouts of the demo customers' open orders.
 * Returns the later dates (before today) the open orders still need.
 */
export async function replayOpenOrders(
  tx: Transaction,
  batch: ReplayedBatchItems,
  customerIds: readonly string[],
  date: IsoDate,
  today: IsoDate,
): Promise<IsoDate[]> {
  const open = await openOrders(tx, customerIds);
  for (const order of open) {
    if (order.status === 'ORDERED' && order.tradeDate <= date) {
      await batch.process(
        { step: orderExecutionStep, itemId: order.id, expected: ['buy-executed', 'sell-executed'] },
        date,
      );
      order.status = 'EXECUTED';
    }
  }
  for (const order of open) {
    if (order.status === 'EXECUTED' && order.settlementDate <= date) {
      await batch.process(
        { step: orderSettlementStep, itemId: order.id, expected: ['buy-settled', 'sell-settled'] },
        date,
      );
      orderStatusMachine.assertTransition('EXECUTED', 'TRADED');
      order.status = order.channel === 'SCHEDULEDSELL' ? 'TRADED' : 'COMPLETED';
    }
  }
  for (const order of open) {
    if (order.status === 'TRADED' && order.channel === 'SCHEDULEDSELL' && sellPayoutDate(order) <= date) {
      await batch.process({ step: sellPayoutsStep, itemId: order.id, expected: ['paid'] }, date);
      order.status = 'COMPLETED';
    }
  }
  const later: IsoDate[] = [];
  for (const order of open) {
    const dates =
      order.status === 'ORDERED'
        ? [order.tradeDate, order.settlementDate]
        : order.status === 'EXECUTED'
          ? [order.settlementDate]
          : [];
    if (order.channel === 'SCHEDULEDSELL' && order.status !== 'COMPLETED') dates.push(sellPayoutDate(order));
    for (const next of dates) if (next > date && next < today) later.push(next as IsoDate);
  }
  return later;
}
