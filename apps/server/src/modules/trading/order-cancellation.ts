// Cancelling an order before its cancel deadline: what it held goes back (cash, points, NISA room, units).
import { TradingErrorCode } from '@fund/contracts';
import { postJournalEntry, type Order, type Transaction } from '@fund/db';
import { canCancelOrder, jstDateOf, orderStatusMachine, yearOf, type IsoDate } from '@fund/domain';
import { recordAudit } from '../../audit/audit-log.ts';
import { NotFoundError } from '../../errors/app-error.ts';
import { lockOwnOrder, releaseNisaPurchase, orderEntryLines, reserveUnits } from './trading.repository.ts';
import { markOrderCanceled, returnPoints } from './orders.repository.ts';
import { TradingError, tradingMessages as messages } from './trading-errors.ts';
import { lockCustomer } from '../../shared/customer-lock.repository.ts';

export interface CancelOrderInput {
  readonly customerId: string;
  readonly orderId: string;
  readonly now: Date;
  readonly requestId?: string | null;
  readonly ip?: string | null;
}

/**
 * Cancels the customer's own ORDERED spot order before the cut-off of its 申込日 (else 409-202; another
 * customer's order or a batch order → 404 / 409): the `buy.placed` entry is reversed (`order.canceled`),
 * points are RETURNED, the NISA hold taken back, a sell's reserved units released. Returns the updated row.
 */
export async function cancelOrder(tx: Transaction, input: CancelOrderInput): Promise<Order> {
  const customer = await lockCustomer(tx, input.customerId);
  const order = customer === undefined ? undefined : await lockOwnOrder(tx, input.customerId, input.orderId);
  if (order === undefined) throw new NotFoundError(messages.orderNotFound);
  if (
    (order.channel !== 'BUY' && order.channel !== 'SELL') ||
    !canCancelOrder(order.status, input.now, order.cancelDeadline)
  ) {
    throw new TradingError(TradingErrorCode.cancelNotAllowed, messages.cancelNotAllowed);
  }
  orderStatusMachine.assertTransition(order.status, 'CANCELED');
  const businessDate = jstDateOf(input.now);
  if (order.channel === 'BUY') {
    const placedLines = await orderEntryLines(tx, order.id, ['buy.placed']);
    if (placedLines.length > 0) {
      await postJournalEntry(tx, {
        kind: 'order.canceled',
        businessDate,
        customerId: order.customerId,
        orderId: order.id,
        description: '買付注文の取消（お預り金へ返金）',
        lines: placedLines.map((line) => ({ ...line, amount: -line.amount })),
      });
    }
    if (order.pointsUsed > 0n) {
      await returnPoints(tx, order, businessDate);
    }
    if (order.nisaBucket !== null && order.nisaAmount > 0n) {
      await releaseNisaPurchase(
        tx,
        order.customerId,
        yearOf(order.settlementDate as IsoDate),
        order.nisaBucket,
        order.nisaAmount,
      );
    }
  } else if (order.reservedUnits > 0n) {
    await reserveUnits(tx, order.customerId, order.accountType, order.fundId, -order.reservedUnits);
  }
  const updated = await markOrderCanceled(tx, order.id, input.now);
  await recordAudit(tx, {
    actorType: 'customer',
    actorId: input.customerId,
    subjectCustomerId: input.customerId,
    action: 'order.canceled',
    outcome: 'allowed',
    requestId: input.requestId ?? null,
    ip: input.ip ?? null,
    details: { orderId: order.id, channel: order.channel, status: order.status },
    occurredAt: input.now,
  });
  return updated;
}
