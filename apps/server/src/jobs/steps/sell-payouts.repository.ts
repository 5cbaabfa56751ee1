import { funds, orders, type Database, type Order, type Transaction } from '@fund/db';
import { and, eq } from 'drizzle-orm';

/** The settled scheduled sells (TRADED) waiting for their payout, with the dates that decide it. */
export async function tradedScheduledSells(db: Database) {
  return db
    .select({
      id: orders.id,
      applicationDate: orders.applicationDate,
      settlementDate: orders.settlementDate,
    })
    .from(orders)
    .where(and(eq(orders.status, 'TRADED'), eq(orders.channel, 'SCHEDULEDSELL')));
}

export async function lockOrder(tx: Transaction, orderId: string): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

export async function markPaidOut(tx: Transaction, orderId: string, at: Date): Promise<void> {
  await tx.update(orders).set({ status: 'COMPLETED', updatedAt: at }).where(eq(orders.id, orderId));
}

export async function fundShortName(tx: Transaction, fundId: string): Promise<string> {
  const [fund] = await tx.select({ shortName: funds.shortName }).from(funds).where(eq(funds.id, fundId));
  return fund?.shortName ?? '';
}
