import type { AccountType } from '@fund/domain';
import {
  funds,
  recurringPurchases,
  redemptionPayments,
  scheduledSells,
  type Database,
  type DatabaseExecutor,
  type NewRedemptionPayment,
  type RedemptionPayment,
  type Transaction,
} from '@fund/db';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../batch-data.repository.ts';

// The redemptions step's reads and writes; every one but the enumerations runs in the item's transaction.

/** Funds with an announced 償還, with their 償還日 NAV (the 償還価額) when it is in. */
export async function endingFunds(db: DatabaseExecutor) {
  const rows = await rowsOf(
    db,
    sql`SELECT f.id, f.redemption_date::text AS redemption_date, n.nav::text AS price,
        f.sales_status::text AS sales_status
      FROM funds f LEFT JOIN fund_navs n ON n.fund_id = f.id AND n.nav_date = f.redemption_date
      WHERE f.redemption_date IS NOT NULL
      ORDER BY f.id`,
  );
  return rows.map((row) => ({
    fundId: String(row.id),
    redemptionDate: String(row.redemption_date),
    price: row.price == null ? undefined : BigInt(String(row.price)),
    redeemed: row.sales_status === 'REDEEMED',
  }));
}

/** The 積立 not cancelled of the funds. */
export async function livePlansOf(db: Database, fundIds: readonly string[]): Promise<string[]> {
  if (fundIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`SELECT id FROM recurring_purchases WHERE status <> 'CANCELED' AND fund_id = ANY(${`{${fundIds.join(',')}}`}::uuid[])
      ORDER BY id`,
  );
  return rows.map((row) => String(row.id));
}

/** The 定期売却 not cancelled of the funds. */
export async function liveScheduledSellsOf(db: Database, fundIds: readonly string[]): Promise<string[]> {
  if (fundIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`SELECT id FROM scheduled_sells WHERE status <> 'CANCELED' AND fund_id = ANY(${`{${fundIds.join(',')}}`}::uuid[])
      ORDER BY id`,
  );
  return rows.map((row) => String(row.id));
}

/** The holdings with units of the fund, by customer and account. */
export async function holdingsOfFund(db: DatabaseExecutor, fundId: string) {
  const rows = await rowsOf(
    db,
    sql`SELECT customer_id, account_type::text AS account_type FROM holdings
      WHERE fund_id = ${fundId}::uuid AND units > 0 ORDER BY customer_id, account_type`,
  );
  return rows.map((row) => ({
    customerId: String(row.customer_id),
    accountType: row.account_type as AccountType,
  }));
}

/** The fund is 償還済み: no longer sold, listed as such. */
export async function markFundRedeemed(tx: Transaction, fundId: string): Promise<void> {
  await tx
    .update(funds)
    .set({ salesStatus: 'REDEEMED', updatedAt: sql`now()` })
    .where(eq(funds.id, fundId));
}

/** Locks the 積立 and answers what ending it needs; undefined when it is cancelled already. */
export async function lockLivePlan(tx: Transaction, planId: string) {
  const [plan] = await tx
    .select({
      customerId: recurringPurchases.customerId,
      fundId: recurringPurchases.fundId,
      status: recurringPurchases.status,
    })
    .from(recurringPurchases)
    .where(eq(recurringPurchases.id, planId))
    .for('update');
  return plan === undefined || plan.status === 'CANCELED' ? undefined : plan;
}

/** Ends the 積立 at once: no further debit or order, no pending change left. */
export async function endPlan(tx: Transaction, planId: string, at: Date): Promise<void> {
  await tx
    .update(recurringPurchases)
    .set({
      status: 'CANCELED',
      batchFlag: null,
      batchAppliesFrom: null,
      pendingAmount: null,
      pendingBonusMonths: null,
      pendingBonusAmount: null,
      pendingPaymentMethod: null,
      updatedAt: at,
    })
    .where(eq(recurringPurchases.id, planId));
}

/** Locks the 定期売却 and answers what ending it needs; undefined when it is cancelled already. */
export async function lockLiveScheduledSell(tx: Transaction, id: string) {
  const [sell] = await tx
    .select({
      customerId: scheduledSells.customerId,
      fundId: scheduledSells.fundId,
      status: scheduledSells.status,
    })
    .from(scheduledSells)
    .where(eq(scheduledSells.id, id))
    .for('update');
  return sell === undefined || sell.status === 'CANCELED' ? undefined : sell;
}

export async function endScheduledSell(tx: Transaction, id: string, at: Date): Promise<void> {
  await tx.update(scheduledSells).set({ status: 'CANCELED', updatedAt: at }).where(eq(scheduledSells.id, id));
}

export async function redeemedAlready(
  tx: Transaction,
  key: { customerId: string; accountType: AccountType; fundId: string },
): Promise<boolean> {
  const rows = await tx
    .select({ id: redemptionPayments.id })
    .from(redemptionPayments)
    .where(
      and(
        eq(redemptionPayments.customerId, key.customerId),
        eq(redemptionPayments.accountType, key.accountType),
        eq(redemptionPayments.fundId, key.fundId),
      ),
    );
  return rows.length > 0;
}

export async function insertRedemptionPayment(
  tx: Transaction,
  payment: NewRedemptionPayment,
): Promise<RedemptionPayment> {
  const [row] = await tx.insert(redemptionPayments).values(payment).returning();
  return row!;
}
