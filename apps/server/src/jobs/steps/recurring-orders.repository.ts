import type {
  AccountRoleType,
  AccountType,
  IsoDate,
  NavPer10k,
  NisaInvestor,
  OrderDates,
  PaymentMethod,
  YearMonth,
} from '@fund/domain';
import {
  customerAccounts,
  customers,
  funds as funds_,
  orders,
  recurringDebits,
  recurringPurchases,
  type Database,
  type Fund,
  type Transaction,
} from '@fund/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../shared/sql-arrays.ts';
import type { NisaUsageRow } from '../../modules/trading/trading.repository.ts';
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

/** What the chunk's checks need of a customer (`placeBuyOrder`'s refusals and NISA eligibility). */
export interface ChunkCustomer {
  readonly role: AccountRoleType;
  readonly equityStatus: string;
  readonly locked: boolean;
  readonly birthDate: string | null;
}

/** What `placeBuyOrder` needs of a fund on the date: its dates (once per fund) and its latest NAV. */
export interface FundOnDate {
  readonly fund: Fund;
  readonly dates: OrderDates;
  readonly nav: NavPer10k | undefined;
}

/** A received debit of the month without its order yet, with what the order needs of its plan. */
export interface PendingOrder {
  readonly debit: { readonly id: string; readonly amount: bigint };
  readonly plan: {
    readonly id: string;
    readonly customerId: string;
    readonly accountType: AccountType;
    readonly paymentMethod: PaymentMethod;
  };
  readonly fund: Fund;
}

/** What the set-based path reads for a month's customers of a chunk, by customer. */
export interface ChunkMonthReads {
  /** The received debits without an order yet, in `process`'s order (larger amounts first, then plan). */
  readonly pendingOf: ReadonlyMap<string, PendingOrder[]>;
  /** The customers, locked as `placeBuyOrder` locks them. */
  readonly customerOf: ReadonlyMap<string, ChunkCustomer>;
  readonly accountsOf: ReadonlyMap<string, Set<AccountType>>;
  /** Their `nisa_usage` rows (`nisaUsageOfRows`). */
  readonly usageRowsOf: ReadonlyMap<string, NisaUsageRow[]>;
}

/** The chunk's reads for the month's customers: a few statements for all of them. */
export async function readChunkMonth(
  tx: Transaction,
  customerIdList: readonly string[],
  month: YearMonth,
): Promise<ChunkMonthReads> {
  const customerIds = arrayLiteral(customerIdList);
  // `process`'s query for many customers, in single-table reads each on an index (a join lets the planner
  // read every debit of the month) and with only the columns the chunk needs: the customers' plans
  // (customer_id), their received debits of the month (recurring_purchase_id, month), those of the debits
  // that have an order already (partial index on orders.recurring_debit_id)
  const planRows = await rowsOf(
    tx,
    sql`SELECT id, customer_id, fund_id, account_type, payment_method FROM recurring_purchases
      WHERE customer_id = ANY(${customerIds}::uuid[])`,
  );
  const debitRows =
    planRows.length === 0
      ? []
      : await rowsOf(
          tx,
          sql`SELECT id, recurring_purchase_id, amount::text AS amount FROM recurring_debits
            WHERE recurring_purchase_id = ANY(${arrayLiteral(planRows.map((row) => String(row.id)))}::uuid[])
              AND month = ${firstDayOf(month)}::date AND payment_status = 'RECEIVED'`,
        );
  const ordered = new Set(
    debitRows.length === 0
      ? []
      : (
          await rowsOf(
            tx,
            sql`SELECT recurring_debit_id FROM orders
              WHERE recurring_debit_id = ANY(${arrayLiteral(debitRows.map((row) => String(row.id)))}::uuid[])`,
          )
        ).map((row) => String(row.recurring_debit_id)),
  );
  const planById = new Map(planRows.map((row) => [String(row.id), row]));
  const pendingRows = debitRows
    .filter((row) => !ordered.has(String(row.id)))
    .map((row) => ({ debit: row, plan: planById.get(String(row.recurring_purchase_id))! }));
  const fundIds = [...new Set(pendingRows.map(({ plan }) => String(plan.fund_id)))];
  const fundRows =
    fundIds.length === 0
      ? []
      : await tx
          .select()
          .from(funds_)
          .where(sql`${funds_.id} = ANY(${arrayLiteral(fundIds)}::uuid[])`);
  const fundById = new Map(fundRows.map((fund) => [fund.id, fund]));
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const pending: PendingOrder[] = pendingRows
    .map(({ debit: paid, plan }) => ({
      debit: { id: String(paid.id), amount: BigInt(String(paid.amount)) },
      plan: {
        id: String(plan.id),
        customerId: String(plan.customer_id),
        accountType: plan.account_type as AccountType,
        paymentMethod: plan.payment_method as PaymentMethod,
      },
      fund: fundById.get(String(plan.fund_id))!,
    }))
    // process's order: larger amounts first, then plan id (uuids compare as their hex text)
    .sort(
      (a, b) =>
        compare(a.plan.customerId, b.plan.customerId) ||
        (a.debit.amount === b.debit.amount ? 0 : a.debit.amount > b.debit.amount ? -1 : 1) ||
        compare(a.plan.id, b.plan.id),
    );
  // the customers locked in one order (placeBuyOrder's lockCustomer, FOR NO KEY UPDATE)
  const customerRows = await rowsOf(
    tx,
    sql`SELECT id, account_role, equity_status, locked, birth_date::text AS birth_date FROM customers
      WHERE id = ANY(${customerIds}::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
  );
  const customerOf = new Map<string, ChunkCustomer>(
    customerRows.map((row) => [
      String(row.id),
      {
        role: row.account_role as AccountRoleType,
        equityStatus: String(row.equity_status),
        locked: row.locked === true,
        birthDate: row.birth_date === null ? null : String(row.birth_date),
      },
    ]),
  );
  const accountRows = await rowsOf(
    tx,
    sql`SELECT customer_id, account_type FROM customer_accounts
      WHERE customer_id = ANY(${customerIds}::uuid[]) AND closed_on IS NULL`,
  );
  const accountsOf = new Map<string, Set<AccountType>>();
  for (const row of accountRows) {
    const set = accountsOf.get(String(row.customer_id)) ?? new Set<AccountType>();
    set.add(row.account_type as AccountType);
    accountsOf.set(String(row.customer_id), set);
  }
  const usageRows = await rowsOf(
    tx,
    sql`SELECT customer_id, year, bucket, purchased::text AS purchased, freed::text AS freed
      FROM nisa_usage WHERE customer_id = ANY(${customerIds}::uuid[])`,
  );
  const usageRowsOf = new Map<string, NisaUsageRow[]>();
  for (const row of usageRows) {
    const list = usageRowsOf.get(String(row.customer_id)) ?? [];
    list.push({
      year: Number(row.year),
      bucket: String(row.bucket),
      purchased: BigInt(String(row.purchased)),
      freed: BigInt(String(row.freed)),
    });
    usageRowsOf.set(String(row.customer_id), list);
  }
  const pendingOf = new Map<string, PendingOrder[]>();
  for (const entry of pending) {
    const list = pendingOf.get(entry.plan.customerId) ?? [];
    list.push(entry);
    pendingOf.set(entry.plan.customerId, list);
  }
  return { pendingOf, customerOf, accountsOf, usageRowsOf };
}

/** A NISA purchase of the chunk, summed per customer, year and bucket. */
export interface NisaAdd {
  readonly customerId: string;
  readonly year: number;
  readonly bucket: string;
  readonly amount: bigint;
}

/** The chunk's NISA purchases added to the customers' usage in one statement. */
export async function addNisaPurchases(tx: Transaction, adds: readonly NisaAdd[]): Promise<void> {
  await tx.execute(sql`INSERT INTO nisa_usage (customer_id, year, bucket, purchased)
    SELECT customer_id, year, bucket, amount
    FROM unnest(${arrayLiteral(adds.map((add) => add.customerId))}::uuid[],
      ${arrayLiteral(adds.map((add) => add.year))}::smallint[],
      ${arrayLiteral(adds.map((add) => add.bucket))}::nisa_bucket[],
      ${arrayLiteral(adds.map((add) => add.amount))}::bigint[]) AS t(customer_id, year, bucket, amount)
    ON CONFLICT (customer_id, year, bucket)
    DO UPDATE SET purchased = nisa_usage.purchased + excluded.purchased, updated_at = now()`);
}
