import type { AccountType, IsoDate, NisaInvestor, YearMonth } from '@fund/domain';
import {
  customerAccounts,
  customers,
  funds as funds_,
  orders,
  recurringDebits,
  recurringPurchases,
  type Database,
  type Transaction,
} from '@fund/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { firstDayOf } from '../batch-data.ts';
import { rowsOf } from '../batch-data.repository.ts';

/**
 * The recurring-orders step's reads and writes: the customers with received debits of a month, a customer's
 * debits waiting for their order, and the set-based path's reads for a chunk's customers and its multi-row
 * NISA usage write (its orders go through `insertOrders`, as the API's rows do). The orders of the per-item path go through `placeBuyOrder`.
 */

/** The customers with a received debit of `month`: the items of the order date. */
export async function customersWithReceivedDebits(db: Database, month: YearMonth): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: recurringPurchases.customerId })
    .from(recurringDebits)
    .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId))
    .where(and(eq(recurringDebits.month, firstDayOf(month)), eq(recurringDebits.paymentStatus, 'RECEIVED')));
  return rows.map((row) => row.customerId);
}

/**
 * The customers and months with a received debit that has no order yet, debited from `from` to `to`
 * inclusive: the step takes the months whose order date has passed (a debit received late, by a retry
 * after its order date). Received debits are few (settlement makes them SUCCESS), and the debit-date range
 * keeps the read on `recurring_debits_debit_date_status_idx`.
 */
export async function customerMonthsWithUnorderedDebits(
  db: Database,
  from: IsoDate,
  to: IsoDate,
): Promise<{ customerId: string; month: string }[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT DISTINCT p.customer_id, d.month::text AS month
      FROM recurring_debits d JOIN recurring_purchases p ON p.id = d.recurring_purchase_id
      WHERE d.debit_date BETWEEN ${from}::date AND ${to}::date AND d.payment_status = 'RECEIVED'
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.recurring_debit_id = d.id)
      ORDER BY d.month::text, p.customer_id`,
  );
  return rows.map((row) => ({ customerId: String(row.customer_id), month: String(row.month) }));
}

/** The customer's received debits of the month without their order yet, larger amounts first. */
export async function pendingDebitsOf(tx: Transaction, customerId: string, month: YearMonth) {
  return tx
    .select({ debit: recurringDebits, plan: recurringPurchases, fund: funds_ })
    .from(recurringDebits)
    .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId))
    .innerJoin(funds_, eq(funds_.id, recurringPurchases.fundId))
    .leftJoin(orders, eq(orders.recurringDebitId, recurringDebits.id))
    .where(
      and(
        eq(recurringPurchases.customerId, customerId),
        eq(recurringDebits.month, firstDayOf(month)),
        eq(recurringDebits.paymentStatus, 'RECEIVED'),
        isNull(orders.id),
      ),
    )
    .orderBy(sql`${recurringDebits.amount} DESC`, recurringPurchases.id);
}

/** The account types the customer has open. */
export async function openAccountTypesOf(tx: Transaction, customerId: string): Promise<Set<AccountType>> {
  const rows = await tx
    .select({ accountType: customerAccounts.accountType })
    .from(customerAccounts)
    .where(and(eq(customerAccounts.customerId, customerId), isNull(customerAccounts.closedOn)));
  return new Set(rows.map((row) => row.accountType));
}

/** NISA eligibility inputs, or undefined when the customer has no 2024 NISA account here. */
export async function investorOf(tx: Transaction, customerId: string): Promise<NisaInvestor | undefined> {
  const [customer] = await tx
    .select({ role: customers.accountRole, birthDate: customers.birthDate })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (customer === undefined || customer.birthDate === null) return undefined;
  const nisa = await tx
    .select({ accountType: customerAccounts.accountType })
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.customerId, customerId),
        isNull(customerAccounts.closedOn),
        sql`${customerAccounts.accountType} IN ('nisa2_tsumitate', 'nisa2_growth')`,
      ),
    );
  return {
    role: customer.role,
    birthDate: customer.birthDate as IsoDate,
    // residence abroad closes the NISA account (account management's business): an open one means resident
    residentOfJapan: true,
    hasNisaAccount: nisa.length > 0,
  };
}

/** A debit whose order was refused: FAILURE, with the reason. */
export async function markDebitNotPurchased(tx: Transaction, debitId: string, reason: string): Promise<void> {
  await tx
    .update(recurringDebits)
    .set({ paymentStatus: 'FAILURE', failureReason: `買付不可: ${reason}`.slice(0, 500) })
    .where(eq(recurringDebits.id, debitId));
}
