import {
  cashflows,
  customerAccounts,
  funds,
  nisaUsage,
  orders,
  trades,
  type DatabaseExecutor,
} from '@fund/db';
import { and, count, desc, eq, gte, inArray, lte, sql, sum, type SQL } from 'drizzle-orm';

export interface Page {
  readonly page: number;
  readonly pageSize: number;
}

export interface CashflowFilter extends Page {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly type?: 'deposit' | 'withdraw' | undefined;
}

export async function pageCashflows(db: DatabaseExecutor, customerId: string, filter: CashflowFilter) {
  const where = and(
    eq(cashflows.customerId, customerId),
    filter.from === undefined ? undefined : gte(cashflows.occurredOn, filter.from),
    filter.to === undefined ? undefined : lte(cashflows.occurredOn, filter.to),
    filter.type === undefined ? undefined : eq(cashflows.type, filter.type),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: cashflows.id,
        type: cashflows.type,
        amount: cashflows.amount,
        occurredOn: cashflows.occurredOn,
        description: cashflows.description,
        taxWithheld: cashflows.taxWithheld,
      })
      .from(cashflows)
      .where(where)
      .orderBy(desc(cashflows.occurredOn), desc(cashflows.createdAt), desc(cashflows.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(cashflows).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export interface TradeFilter extends Page {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly type: 'ALL' | 'FUND' | 'EQUITY' | 'CASH_TRANSFER' | 'CAPITAL_GAIN' | 'SHIP_RECEIPT';
}

export async function pageTrades(db: DatabaseExecutor, customerId: string, filter: TradeFilter) {
  const where = and(
    eq(trades.customerId, customerId),
    filter.type === 'ALL' ? undefined : eq(trades.type, filter.type),
    filter.from === undefined ? undefined : gte(trades.settlementDate, filter.from),
    filter.to === undefined ? undefined : lte(trades.settlementDate, filter.to),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: trades.id,
        type: trades.type,
        side: trades.side,
        accountType: trades.accountType,
        fundCode: funds.code,
        fundName: funds.name,
        units: trades.units,
        pricePer10k: trades.pricePer10k,
        amount: trades.amount,
        taxWithheld: trades.taxWithheld,
        tradeDate: trades.tradeDate,
        settlementDate: trades.settlementDate,
      })
      .from(trades)
      .leftJoin(funds, eq(funds.id, trades.fundId))
      .where(where)
      // newest first; the id makes the order total, so pages never repeat or skip a row
      .orderBy(desc(trades.settlementDate), desc(trades.tradeDate), desc(trades.createdAt), desc(trades.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(trades).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Whether the customer has a 2024 NISA account (either 枠). */
export async function hasNisaAccount(db: DatabaseExecutor, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.customerId, customerId),
        inArray(customerAccounts.accountType, ['nisa2_tsumitate', 'nisa2_growth']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listNisaUsage(db: DatabaseExecutor, customerId: string) {
  return db
    .select({
      year: nisaUsage.year,
      bucket: nisaUsage.bucket,
      purchased: nisaUsage.purchased,
      freed: nisaUsage.freed,
    })
    .from(nisaUsage)
    .where(eq(nisaUsage.customerId, customerId));
}

/** NISA amounts held by orders not settled yet whose 受渡日 falls in `year`, per 枠. */
export async function pendingNisaHolds(db: DatabaseExecutor, customerId: string, year: number) {
  const settlementYear: SQL = sql`extract(year from ${orders.settlementDate})`;
  return db
    .select({ bucket: orders.nisaBucket, amount: sum(orders.nisaAmount) })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.status, ['ORDERED', 'EXECUTED']),
        sql`${orders.nisaBucket} IS NOT NULL`,
        sql`${settlementYear} = ${year}`,
      ),
    )
    .groupBy(orders.nisaBucket);
}
