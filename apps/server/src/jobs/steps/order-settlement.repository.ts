import type { IsoDate, NisaBucket } from '@fund/domain';
import {
  cashflows,
  funds,
  holdings,
  nisaUsage,
  orders,
  recurringDebits,
  trades,
  yearlyTaxStates,
  type Database,
  type Order,
  type Transaction,
} from '@fund/db';
import { and, eq, lte, sql } from 'drizzle-orm';

/**
 * The settlement step's reads and writes. Every method but the enumeration runs in the transaction of the
 * one order being settled; the locks (the order, the holding, the year's tax state) are taken here in the
 * order the step calls them.
 */

/** The ids of the EXECUTED orders whose 受渡日 is the business date or earlier (missed). */
export async function executedOrdersDue(db: Database, businessDate: IsoDate): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'EXECUTED'), lte(orders.settlementDate, businessDate)));
  return rows.map((row) => row.id);
}

export async function lockOrder(tx: Transaction, orderId: string): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

export async function fundShortName(tx: Transaction, fundId: string): Promise<string> {
  const [fund] = await tx.select({ shortName: funds.shortName }).from(funds).where(eq(funds.id, fundId));
  return fund?.shortName ?? '';
}

type HoldingKey = Pick<Order, 'customerId' | 'accountType' | 'fundId'>;

function holdingOf(key: HoldingKey) {
  return and(
    eq(holdings.customerId, key.customerId),
    eq(holdings.accountType, key.accountType),
    eq(holdings.fundId, key.fundId),
  );
}

/** The customer's holding of the order's fund in its account, locked; undefined when there is none. */
export async function lockHolding(tx: Transaction, key: HoldingKey) {
  const [row] = await tx.select().from(holdings).where(holdingOf(key)).for('update');
  return row;
}

/**
 * The holding, created empty when there is none yet, and locked. A buy of a fund not held yet has no row
 * to lock: two settlements of such buys of one customer (several workers, each in its own transaction)
 * would both find none and both insert it, and the second would fail on the primary key. Inserting the
 * empty row first (ON CONFLICT DO NOTHING waits for the other transaction's uncommitted row, then does
 * nothing) gives every settlement one row to lock, so the second waits for the first and then adds to
 * what it committed.
 */
export async function lockHoldingCreatingIt(tx: Transaction, key: HoldingKey) {
  await tx
    .insert(holdings)
    .values({
      customerId: key.customerId,
      accountType: key.accountType,
      fundId: key.fundId,
      units: 0n,
      bookValue: 0n,
      costBasisPer10k: 0n,
    })
    .onConflictDoNothing();
  return lockHolding(tx, key);
}

export async function updateHolding(
  tx: Transaction,
  key: HoldingKey,
  figures: Partial<
    Pick<typeof holdings.$inferInsert, 'units' | 'reservedUnits' | 'bookValue' | 'costBasisPer10k'>
  >,
): Promise<void> {
  await tx.update(holdings).set(figures).where(holdingOf(key));
}

/** The columns a settled order's trade rows take from the order itself and its settlement. */
type OrderColumns = 'customerId' | 'accountType' | 'fundId' | 'orderId' | 'tradeDate';

/**
 * One trade row of a settled order (取引履歴): the 約定 itself, or the tax withheld or refunded on a sale.
 * Who, which account and fund, and the 約定日 come from the order.
 */
export async function insertOrderTrade(
  tx: Transaction,
  order: Pick<Order, 'id' | 'customerId' | 'accountType' | 'fundId' | 'tradeDate'>,
  trade: Omit<typeof trades.$inferInsert, OrderColumns>,
): Promise<void> {
  await tx.insert(trades).values({
    customerId: order.customerId,
    accountType: order.accountType,
    fundId: order.fundId,
    orderId: order.id,
    tradeDate: order.tradeDate,
    ...trade,
  });
}

/** A trade no order made: a distribution's reinvestment, or a 償還 (the fund ended, nobody ordered it). */
export async function insertTradeWithoutOrder(
  tx: Transaction,
  trade: Omit<typeof trades.$inferInsert, 'orderId'>,
): Promise<void> {
  await tx.insert(trades).values(trade);
}

export async function insertCashflow(
  tx: Transaction,
  cashflow: typeof cashflows.$inferInsert,
): Promise<void> {
  await tx.insert(cashflows).values(cashflow);
}

/** A 積立's debit RECEIVED → SUCCESS once its order is settled (only from RECEIVED). */
export async function markRecurringDebitSucceeded(tx: Transaction, recurringDebitId: string): Promise<void> {
  await tx
    .update(recurringDebits)
    .set({ paymentStatus: 'SUCCESS' })
    .where(and(eq(recurringDebits.id, recurringDebitId), eq(recurringDebits.paymentStatus, 'RECEIVED')));
}

export async function updateSettledOrder(
  tx: Transaction,
  orderId: string,
  figures: Partial<
    Pick<
      typeof orders.$inferInsert,
      'status' | 'paymentStatus' | 'reservedUnits' | 'taxWithheld' | 'updatedAt'
    >
  >,
): Promise<void> {
  await tx.update(orders).set(figures).where(eq(orders.id, orderId));
}

/** The customer's tax state of the year, created empty when there is none yet, and locked. */
export async function lockYearlyTaxState(tx: Transaction, customerId: string, year: number) {
  await tx.insert(yearlyTaxStates).values({ customerId, year }).onConflictDoNothing();
  const [state] = await tx
    .select()
    .from(yearlyTaxStates)
    .where(and(eq(yearlyTaxStates.customerId, customerId), eq(yearlyTaxStates.year, year)))
    .for('update');
  if (state === undefined) throw new Error(`No tax state of ${customerId} for ${year} after creating it`);
  return state;
}

export async function updateYearlyTaxState(
  tx: Transaction,
  customerId: string,
  year: number,
  figures: Pick<typeof yearlyTaxStates.$inferInsert, 'netGain' | 'incomeTaxWithheld' | 'residentTaxWithheld'>,
): Promise<void> {
  await tx
    .update(yearlyTaxStates)
    .set(figures)
    .where(and(eq(yearlyTaxStates.customerId, customerId), eq(yearlyTaxStates.year, year)));
}

/** Adds the 簿価 a NISA sale frees to `nisa_usage.freed` of the year. */
export async function addNisaFreed(
  tx: Transaction,
  customerId: string,
  year: number,
  bucket: NisaBucket,
  bookValueOut: bigint,
): Promise<void> {
  await tx
    .insert(nisaUsage)
    .values({ customerId, year, bucket, freed: bookValueOut })
    .onConflictDoUpdate({
      target: [nisaUsage.customerId, nisaUsage.year, nisaUsage.bucket],
      set: { freed: sql`${nisaUsage.freed} + ${bookValueOut}`, updatedAt: sql`now()` },
    });
}
