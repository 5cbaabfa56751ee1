import { credit, debit, orders, postJournalEntry, type Fund, type Transaction } from '@fund/db';
import { orderDatesFor, type AccountType, type IsoDate } from '@fund/domain';
import { tradingCalendarOf } from '../modules/trading/trading.repository.ts';

export interface LegacyBuy {
  readonly customerId: string;
  readonly fund: Fund;
  readonly accountType: AccountType;
  readonly amount: bigint;
  readonly idempotencyKey: string;
  /** The replayed date and the customer's time on it. */
  readonly businessDate: IsoDate;
  readonly now: Date;
}

/**
 * A buy from the time before the placement refuses it (e.g. ジュニアNISA before 2024): the order row and
 * its `buy.placed` entry written exactly as `placeBuyOrder` writes a spot AMOUNT buy paid from the cash
 * balance; the batch steps then execute and settle it like any other order.
 */
export async function writeLegacyBuy(tx: Transaction, buy: LegacyBuy) {
  const { customerId, fund, amount, now } = buy;
  const dates = orderDatesFor(now, 'BUY', await tradingCalendarOf(tx, fund, buy.businessDate));
  const [order] = await tx
    .insert(orders)
    .values({
      customerId,
      accountType: buy.accountType,
      fundId: fund.id,
      channel: 'BUY',
      orderType: 'AMOUNT',
      idempotencyKey: buy.idempotencyKey,
      requestedAmount: amount,
      paymentStatus: 'NONE',
      applicationDate: dates.applicationDate,
      tradeDate: dates.tradeDate,
      settlementDate: dates.settlementDate,
      cancelDeadline: dates.cancelDeadline,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await postJournalEntry(tx, {
    kind: 'buy.placed',
    businessDate: buy.businessDate,
    customerId,
    orderId: order!.id,
    description: '買付注文（お預り金から充当）',
    lines: [credit('customer_unsettled', amount, customerId), debit('customer_cash', amount, customerId)],
  });
  return order!;
}
