import type {
  EquityStatusType,
  IsoDate,
  LinkedCardStateType,
  PaymentStatusType,
  YearMonth,
} from '@fund/domain';
import {
  accountTransferAccounts,
  customers,
  linkedCards,
  recurringDebits,
  recurringPurchases,
  type Database,
  type RecurringDebit,
  pointsLedger,
  type Transaction,
} from '@fund/db';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../shared/sql-arrays.ts';
import { timeOrderedUuid } from '../time-ordered-uuid.ts';
import { firstDayOf, monthKey } from '../batch-data.ts';
import { rowsOf } from '../batch-data.repository.ts';

/**
 * The recurring-debits step's reads and writes: the customers due for a month, their debits of the month,
 * and the set-based path's multi-row statements. The plans themselves are read with the plans repository's
 * `listActivePlansStartedBy`, one statement for one customer or a whole chunk.
 */

/** The customers with an ACTIVE plan started by `month`: the items of the debit date. */
export async function customersWithPlansDue(db: Database, month: YearMonth): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: recurringPurchases.customerId })
    .from(recurringPurchases)
    .where(
      and(eq(recurringPurchases.status, 'ACTIVE'), lte(recurringPurchases.startMonth, firstDayOf(month))),
    );
  return rows.map((row) => row.customerId);
}

/** What the debit failure rule (the bank's answer) looks at of a customer. */
export async function debitedCustomer(
  tx: Transaction,
  customerId: string,
): Promise<{ accountNumber: string; email: string } | undefined> {
  const [customer] = await tx
    .select({ accountNumber: customers.accountNumber, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer;
}

/** The chunk's customers: what the failure rule looks at, and their standing (locked, closed, …). */
export async function debitedCustomers(
  tx: Transaction,
  customerIds: readonly string[],
): Promise<
  {
    id: string;
    accountNumber: string;
    email: string;
    equityStatus: EquityStatusType;
    locked: boolean;
  }[]
> {
  const rows = await rowsOf(
    tx,
    sql`SELECT id, account_number, email, equity_status, locked FROM customers
      WHERE id = ANY(${arrayLiteral(customerIds)}::uuid[])`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    accountNumber: String(row.account_number),
    email: String(row.email),
    equityStatus: row.equity_status as EquityStatusType,
    locked: row.locked === true,
  }));
}

/** The plans' debits of the month already made (a rerun, or a customer's earlier item). */
export async function debitsOfMonth(
  tx: Transaction,
  planIds: readonly string[],
  monthStart: string,
): Promise<RecurringDebit[]> {
  return tx
    .select()
    .from(recurringDebits)
    .where(
      and(
        sql`${recurringDebits.recurringPurchaseId} = ANY(${arrayLiteral(planIds)}::uuid[])`,
        eq(recurringDebits.month, monthStart),
      ),
    );
}

/** Saves one debit of a plan for the month (unique per plan and month) and answers its id. */
export async function insertDebit(
  tx: Transaction,
  values: {
    recurringPurchaseId: string;
    month: string;
    debitDate: IsoDate;
    amount: bigint;
    paymentStatus: PaymentStatusType;
    failureReason: string | null;
  },
): Promise<string> {
  const [debitRow] = await tx.insert(recurringDebits).values(values).returning({ id: recurringDebits.id });
  return debitRow!.id;
}

/** A debit went through: the plan's streak of failed transfers starts again. */
export async function resetDebitFailures(tx: Transaction, planId: string): Promise<void> {
  await tx
    .update(recurringPurchases)
    .set({ consecutiveDebitFailures: 0 })
    .where(eq(recurringPurchases.id, planId));
}

/** A debit failed: the plan's streak of failures, and its suspension at the third. */
export async function recordDebitFailures(
  tx: Transaction,
  planId: string,
  failures: { consecutiveFailures: number; suspend: boolean },
): Promise<void> {
  await tx
    .update(recurringPurchases)
    .set({
      consecutiveDebitFailures: failures.consecutiveFailures,
      ...(failures.suspend ? { status: 'SUSPENDED' as const } : {}),
    })
    .where(eq(recurringPurchases.id, planId));
}

/** A chunk's successful debits, RECEIVED, in one statement. */
export async function insertReceivedDebits(
  tx: Transaction,
  businessDate: IsoDate,
  debitRows: readonly { id: string; planId: string; month: string; amount: bigint }[],
): Promise<void> {
  // the ids are time-ordered (timeOrderedUuid): the chunk's rows go to the right edge of the key indexes
  await tx.execute(sql`INSERT INTO recurring_debits (id, recurring_purchase_id, month, debit_date, amount,
      payment_status)
    SELECT id, plan_id, month, ${businessDate}::date, amount, 'RECEIVED'
    FROM unnest(${arrayLiteral(debitRows.map((row) => row.id))}::uuid[],
      ${arrayLiteral(debitRows.map((row) => row.planId))}::uuid[],
      ${arrayLiteral(debitRows.map((row) => row.month))}::date[],
      ${arrayLiteral(debitRows.map((row) => row.amount))}::bigint[]) AS t(id, plan_id, month, amount)`);
}

/** One journal entry per month of a chunk: the bank's one collection, a credit per customer (their total). */
export interface MonthCollection {
  readonly id: string;
  readonly month: YearMonth;
  readonly credits: readonly { customerId: string; amount: bigint }[];
}

/** The chunk's collections posted: the entries in one statement, every line of them in another. */
export async function postCollections(
  tx: Transaction,
  businessDate: IsoDate,
  collected: readonly MonthCollection[],
): Promise<void> {
  await tx.execute(sql`INSERT INTO journal_entries (id, kind, business_date, description)
    SELECT id, 'recurring.debit', ${businessDate}::date, description
    FROM unnest(${arrayLiteral(collected.map((entry) => entry.id))}::uuid[],
      ${arrayLiteral(collected.map((entry) => `積立 口座振替 ${monthKey(entry.month)} ${entry.credits.length}件`))}::text[])
      AS t(id, description)`);
  // every line of the entries in one INSERT (the ledger triggers check and post them per statement,
  // migration 0006): each entry's bank_clearing debit, then its customers' credits
  const lines = collected.flatMap((entry) => [
    {
      entryId: entry.id,
      customerId: null,
      amount: entry.credits.reduce((sum, credit) => sum + credit.amount, 0n),
    },
    ...entry.credits.map((credit) => ({
      entryId: entry.id,
      customerId: credit.customerId,
      amount: -credit.amount,
    })),
  ]);
  await tx.execute(sql`INSERT INTO journal_lines (id, entry_id, account, customer_id, amount)
    SELECT id, entry_id, CASE WHEN customer_id IS NULL THEN 'bank_clearing' ELSE 'customer_unsettled' END::ledger_account,
      customer_id, amount
    FROM unnest(${arrayLiteral(lines.map(() => timeOrderedUuid()))}::uuid[],
      ${arrayLiteral(lines.map((line) => line.entryId))}::uuid[],
      ${arrayLiteral(lines.map((line) => line.customerId))}::uuid[],
      ${arrayLiteral(lines.map((line) => line.amount))}::bigint[]) WITH ORDINALITY AS t(id, entry_id, customer_id, amount, k)
    ORDER BY k`);
}

/** A customer's linked card as the debits see it: its state with the issuer and its 有効期限 (YYYY-MM). */
export interface DebitCard {
  readonly state: LinkedCardStateType;
  readonly expiry: string;
}

/** The linked cards of `customerIds` (a customer without one is not in the map), in one statement. */
export async function linkedCardsOf(
  tx: Transaction,
  customerIds: readonly string[],
): Promise<ReadonlyMap<string, DebitCard>> {
  if (customerIds.length === 0) return new Map();
  const cards = await tx
    .select({ customerId: linkedCards.customerId, state: linkedCards.state, expiry: linkedCards.expiry })
    .from(linkedCards)
    .where(inArray(linkedCards.customerId, [...customerIds]));
  return new Map(cards.map(({ customerId, ...card }) => [customerId, card]));
}

/** Of `customerIds`, those with the bank account 口座振替 debits registered, in one statement. */
export async function customersWithBankAccount(
  tx: Transaction,
  customerIds: readonly string[],
): Promise<ReadonlySet<string>> {
  if (customerIds.length === 0) return new Set();
  const rows = await tx
    .select({ customerId: accountTransferAccounts.customerId })
    .from(accountTransferAccounts)
    .where(inArray(accountTransferAccounts.customerId, [...customerIds]));
  return new Set(rows.map((row) => row.customerId));
}

/** Points earned by card 積立 charges: one EARNED row per charge, unique per debit (a rerun earns nothing). */
export async function insertEarnedPoints(
  tx: Transaction,
  rows: readonly (typeof pointsLedger.$inferInsert)[],
): Promise<void> {
  await tx
    .insert(pointsLedger)
    .values([...rows])
    .onConflictDoNothing();
}
