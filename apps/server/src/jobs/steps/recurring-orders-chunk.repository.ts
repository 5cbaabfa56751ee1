import type {
  AccountRoleType,
  AccountType,
  NavPer10k,
  OrderDates,
  PaymentMethod,
  YearMonth,
} from '@fund/domain';
import { funds as funds_, type Fund, type Transaction } from '@fund/db';
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../shared/sql-arrays.ts';
import type { NisaUsageRow } from '../../modules/trading/trading.repository.ts';
import { firstDayOf } from '../batch-data.ts';
import { rowsOf } from '../batch-data.repository.ts';

// The set-based 積立 orders chunk's reads and writes: a few statements for all of a chunk's customers.

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
