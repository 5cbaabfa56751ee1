import type { IsoDate } from '@fund/domain';
import { fundNavs, funds, holdings, orders, type Database, type Order, type Transaction } from '@fund/db';
import { and, count, eq, isNull, lte, sql } from 'drizzle-orm';

/**
 * The execution step's reads and writes. Every method but the enumeration runs in the transaction of the
 * one order being executed, which holds its row locked.
 */

/** The ids of the ORDERED orders due (約定日 the business date or earlier) whose fund has that day's NAV. */
export async function orderedOrdersWithTheirNav(db: Database, businessDate: IsoDate): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(fundNavs, and(eq(fundNavs.fundId, orders.fundId), eq(fundNavs.navDate, orders.tradeDate)))
    .where(and(eq(orders.status, 'ORDERED'), lte(orders.tradeDate, businessDate)));
  return rows.map((row) => row.id);
}

export async function lockOrder(tx: Transaction, orderId: string): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

export async function fundOf(tx: Transaction, fundId: string) {
  const [fund] = await tx.select().from(funds).where(eq(funds.id, fundId));
  return fund;
}

/** The fund's NAV of the date, undefined when none is stored. */
export async function navOf(tx: Transaction, fundId: string, navDate: string): Promise<bigint | undefined> {
  const [price] = await tx
    .select({ nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), eq(fundNavs.navDate, navDate)));
  return price?.nav;
}

type HoldingKey = Pick<Order, 'customerId' | 'accountType' | 'fundId'>;

function holdingOf(key: HoldingKey) {
  return and(
    eq(holdings.customerId, key.customerId),
    eq(holdings.accountType, key.accountType),
    eq(holdings.fundId, key.fundId),
  );
}

/** The units held and reserved of the order's holding, locked (none when there is no holding). */
export async function lockHoldingUnits(tx: Transaction, key: HoldingKey) {
  const [holding] = await tx
    .select({ units: holdings.units, reserved: holdings.reservedUnits })
    .from(holdings)
    .where(holdingOf(key))
    .for('update');
  return holding;
}

/** Adds `delta` (negative to release) to the holding's reserved units, in the database. */
export async function addReservedUnits(tx: Transaction, key: HoldingKey, delta: bigint): Promise<void> {
  await tx
    .update(holdings)
    .set({ reservedUnits: sql`${holdings.reservedUnits} + ${delta}` })
    .where(holdingOf(key));
}

/** Subtracts the order's reservation from the holding's reserved units, in the database. */
export async function releaseReservedUnits(tx: Transaction, key: HoldingKey, units: bigint): Promise<void> {
  await tx
    .update(holdings)
    .set({ reservedUnits: sql`${holdings.reservedUnits} - ${units}` })
    .where(holdingOf(key));
}

export async function updateOrder(
  tx: Transaction,
  orderId: string,
  figures: Partial<
    Pick<
      typeof orders.$inferInsert,
      | 'status'
      | 'executedUnits'
      | 'executedAmount'
      | 'executedNav'
      | 'executedPrice'
      | 'reservedUnits'
      | 'canceledAt'
      | 'updatedAt'
    >
  >,
): Promise<void> {
  await tx.update(orders).set(figures).where(eq(orders.id, orderId));
}

/**
 * The ORDERED orders due (約定日 the business date or earlier) whose fund has no NAV of that 約定日 yet,
 * counted by fund and 約定日: they wait for the feed, and the day's report tells the operator.
 */
export async function ordersWaitingForTheirNav(
  db: Database,
  businessDate: IsoDate,
): Promise<{ fundCode: string; tradeDate: IsoDate; orders: number }[]> {
  const rows = await db
    .select({ fundCode: funds.code, tradeDate: orders.tradeDate, orders: count() })
    .from(orders)
    .innerJoin(funds, eq(funds.id, orders.fundId))
    .leftJoin(fundNavs, and(eq(fundNavs.fundId, orders.fundId), eq(fundNavs.navDate, orders.tradeDate)))
    .where(and(eq(orders.status, 'ORDERED'), lte(orders.tradeDate, businessDate), isNull(fundNavs.nav)))
    .groupBy(funds.code, orders.tradeDate)
    .orderBy(orders.tradeDate, funds.code);
  return rows.map((row) => ({ ...row, tradeDate: row.tradeDate as IsoDate }));
}
