import {
  fundHolidays,
  funds,
  fundNavs,
  holdings,
  journalEntries,
  journalLines,
  nisaUsage,
  orders,
  yearlyTaxStates,
  type DatabaseExecutor,
  type Fund,
  type Order,
} from '@fund/db';
import {
  extraHolidaysOf,
  type AccountType,
  type FundTradingCalendar,
  type IsoDate,
  type NisaUsage,
  type Yen,
} from '@fund/domain';
import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { LockedCustomer } from '../../shared/customer-lock.repository.ts';

/** Reads and writes of the trading module; every function takes the caller's transaction. */

/** The customer an order locks (shared/customer-lock.ts). */
export type TradingCustomer = LockedCustomer;

export interface LatestNav {
  readonly navDate: IsoDate;
  readonly nav: bigint;
}

/** The fund's newest NAV on or before `onOrBefore` (the business clock's today). */
export async function latestNav(
  db: DatabaseExecutor,
  fundId: string,
  onOrBefore: IsoDate,
): Promise<LatestNav | undefined> {
  const [row] = await db
    .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), lte(fundNavs.navDate, onOrBefore)))
    .orderBy(desc(fundNavs.navDate))
    .limit(1);
  return row === undefined ? undefined : { navDate: row.navDate as IsoDate, nav: row.nav };
}

/** What `orderDatesFor` needs: the fund's cut-off, lags and its own holidays from `from` on. */
export async function tradingCalendarOf(
  db: DatabaseExecutor,
  fund: Fund,
  from: IsoDate,
): Promise<FundTradingCalendar> {
  const rows = await db
    .select({ holiday: fundHolidays.holiday })
    .from(fundHolidays)
    .where(and(eq(fundHolidays.fundId, fund.id), gte(fundHolidays.holiday, from)));
  return fundTradingCalendar(
    fund,
    rows.map((row) => row.holiday),
  );
}

/** A fund's trading calendar from its row and its own holidays (ISO dates). */
export function fundTradingCalendar(fund: Fund, holidays: readonly string[]): FundTradingCalendar {
  const [hour, minute] = fund.cutOffTime.split(':').map(Number);
  return {
    cutOff: { hour: hour ?? 15, minute: minute ?? 0 },
    priceLagBusinessDays: fund.priceLagDays,
    buySettlementLagBusinessDays: fund.buySettlementLagDays,
    sellSettlementLagBusinessDays: fund.sellSettlementLagDays,
    holidays: extraHolidaysOf(holidays),
  };
}

/** The customer's NISA ledgers as the domain's `NisaUsage`. */
export async function nisaUsageOf(db: DatabaseExecutor, customerId: string): Promise<NisaUsage> {
  return nisaUsageOfRows(await db.select().from(nisaUsage).where(eq(nisaUsage.customerId, customerId)));
}

/** One `nisa_usage` row: a customer's purchases and freed book value of a year and bucket. */
export interface NisaUsageRow {
  readonly year: number;
  readonly bucket: string;
  readonly purchased: bigint;
  readonly freed: bigint;
}

/** `nisa_usage` rows already read (one customer's) as the domain's `NisaUsage`. */
export function nisaUsageOfRows(rows: readonly NisaUsageRow[]): NisaUsage {
  const years = [...new Set(rows.map((row) => row.year))].sort((a, b) => a - b);
  const amount = (year: number, bucket: 'tsumitate' | 'growth', column: 'purchased' | 'freed') =>
    (rows.find((row) => row.year === year && row.bucket === bucket)?.[column] ?? 0n) as Yen;
  return {
    purchases: years.map((year) => ({
      year,
      tsumitate: amount(year, 'tsumitate', 'purchased'),
      growth: amount(year, 'growth', 'purchased'),
    })),
    sales: years.map((year) => ({
      year,
      tsumitate: amount(year, 'tsumitate', 'freed'),
      growth: amount(year, 'growth', 'freed'),
    })),
  };
}

/** Adds a purchase's book value to `nisa_usage.purchased` of its 受渡日 year (the annual CHECK backs it). */
export async function addNisaPurchase(
  db: DatabaseExecutor,
  customerId: string,
  year: number,
  bucket: 'tsumitate' | 'growth',
  amount: bigint,
): Promise<void> {
  await db
    .insert(nisaUsage)
    .values({ customerId, year, bucket, purchased: amount })
    .onConflictDoUpdate({
      target: [nisaUsage.customerId, nisaUsage.year, nisaUsage.bucket],
      set: { purchased: sql`${nisaUsage.purchased} + ${amount}`, updatedAt: sql`now()` },
    });
}

/** Takes a cancelled order's hold back out of `nisa_usage.purchased` (never below zero: CHECK). */
export async function releaseNisaPurchase(
  db: DatabaseExecutor,
  customerId: string,
  year: number,
  bucket: 'tsumitate' | 'growth',
  amount: bigint,
): Promise<void> {
  await db
    .update(nisaUsage)
    .set({ purchased: sql`${nisaUsage.purchased} - ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(nisaUsage.customerId, customerId), eq(nisaUsage.year, year), eq(nisaUsage.bucket, bucket)));
}

/** Moves `delta` units into (positive) or out of (negative) the holding's reserved units. */
export async function reserveUnits(
  db: DatabaseExecutor,
  customerId: string,
  accountType: AccountType,
  fundId: string,
  delta: bigint,
): Promise<void> {
  await db
    .update(holdings)
    .set({ reservedUnits: sql`${holdings.reservedUnits} + ${delta}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(holdings.customerId, customerId),
        eq(holdings.accountType, accountType),
        eq(holdings.fundId, fundId),
      ),
    );
}

export async function findOrderByKey(
  db: DatabaseExecutor,
  customerId: string,
  idempotencyKey: string,
): Promise<Order | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/** The customer's own order by id: another customer's order is not found (security.md 23). */
function ownOrderQuery(db: DatabaseExecutor, customerId: string, orderId: string) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
}

/** The customer's own order; undefined for another customer's, answered like a missing one (→ 404). */
export async function findOwnOrder(
  db: DatabaseExecutor,
  customerId: string,
  orderId: string,
): Promise<Order | undefined> {
  const [row] = await ownOrderQuery(db, customerId, orderId);
  return row;
}

/** The customer's own order, locked for update; undefined for another customer's (→ 404). */
export async function lockOwnOrder(
  db: DatabaseExecutor,
  customerId: string,
  orderId: string,
): Promise<Order | undefined> {
  const [row] = await ownOrderQuery(db, customerId, orderId).for('update');
  return row;
}

export interface PostedLine {
  readonly account: (typeof journalLines.$inferSelect)['account'];
  readonly customerId: string | null;
  readonly amount: bigint;
}

/** The lines of the order's journal entries of `kind` (e.g. the `buy.placed` entry a cancel reverses). */
export async function orderEntryLines(
  db: DatabaseExecutor,
  orderId: string,
  kinds: readonly string[],
): Promise<PostedLine[]> {
  return db
    .select({
      account: journalLines.account,
      customerId: journalLines.customerId,
      amount: journalLines.amount,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(and(eq(journalEntries.orderId, orderId), inArray(journalEntries.kind, [...kinds])));
}

/** Cash held by each buy order: the customer_unsettled credit of its `buy.placed` entry. */
export async function heldAmounts(
  db: DatabaseExecutor,
  orderIds: readonly string[],
): Promise<Map<string, bigint>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: journalEntries.orderId,
      held: sql<string>`coalesce(-sum(${journalLines.amount}), 0)::text`,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        inArray(journalEntries.orderId, [...orderIds]),
        eq(journalEntries.kind, 'buy.placed'),
        eq(journalLines.account, 'customer_unsettled'),
      ),
    )
    .groupBy(journalEntries.orderId);
  return new Map(rows.map((row) => [row.orderId ?? '', BigInt(row.held)]));
}

export async function yearlyTaxStateOf(db: DatabaseExecutor, customerId: string, year: number) {
  const [row] = await db
    .select()
    .from(yearlyTaxStates)
    .where(and(eq(yearlyTaxStates.customerId, customerId), eq(yearlyTaxStates.year, year)));
  return row;
}

/** The code and name of each fund of `fundIds`, by id (what an order view shows of its fund). */
export async function fundNamesByIds(
  db: DatabaseExecutor,
  fundIds: readonly string[],
): Promise<Map<string, { id: string; code: string; name: string }>> {
  const rows = await db
    .select({ id: funds.id, code: funds.code, name: funds.name })
    .from(funds)
    .where(inArray(funds.id, [...fundIds]));
  return new Map(rows.map((fund) => [fund.id, fund]));
}

/**
 * One page of the customer's orders, newest first (of one status when `status` is given), and how many
 * there are in all.
 */
export async function pageOfOrders(
  db: DatabaseExecutor,
  customerId: string,
  query: { status?: Order['status'] | undefined; page: number; pageSize: number },
): Promise<{ rows: Order[]; total: number }> {
  const where =
    query.status === undefined
      ? eq(orders.customerId, customerId)
      : and(eq(orders.customerId, customerId), eq(orders.status, query.status));
  const [total] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: Number(total?.total ?? 0) };
}
