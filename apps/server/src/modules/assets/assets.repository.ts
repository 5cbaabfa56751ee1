import {
  customerBalances,
  fundNavs,
  funds,
  holdings,
  journalEntries,
  journalLines,
  orders,
  namedStatement,
  runNamedStatement,
  yearlyTaxStates,
  type DatabaseExecutor,
} from '@fund/db';
import type { AccountType as StoredAccountType } from '@fund/domain';
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, sql, sum } from 'drizzle-orm';
import { sellInFlightOf, type RawSellInFlight, type SellInFlightRow } from './in-transit.repository.ts';

export interface PendingSellRow {
  readonly accountType: StoredAccountType;
  readonly fundId: string;
  readonly units: string | null;
}

/**
 * Units of sell orders placed before `placedBefore` and not settled on `date` (受渡日 after it), not
 * cancelled: they reduce the units shown at once (spec §4). The priced figure once executed, else the
 * units the order reserved.
 */
export async function listPendingSellUnits(
  db: DatabaseExecutor,
  customerId: string,
  date: string,
  placedBefore: Date,
): Promise<PendingSellRow[]> {
  return db
    .select({
      accountType: orders.accountType,
      fundId: orders.fundId,
      units: sum(sql`coalesce(${orders.executedUnits}, ${orders.reservedUnits})`),
    })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.channel, ['SELL', 'SCHEDULEDSELL']),
        ne(orders.status, 'CANCELED'),
        lt(orders.createdAt, placedBefore),
        sql`${orders.settlementDate} > ${date}`,
      ),
    )
    .groupBy(orders.accountType, orders.fundId);
}

export interface ValuationFund {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly shortName: string;
  readonly retentionFeeBasisPoints: number;
  /** 受付締切時間 (`HH:MM:SS`, JST): the fund's NAV of a date is published from that date's cut-off. */
  readonly cutOffTime: string;
}

export async function findFunds(db: DatabaseExecutor, ids: readonly string[]): Promise<ValuationFund[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: funds.id,
      code: funds.code,
      name: funds.name,
      shortName: funds.shortName,
      retentionFeeBasisPoints: funds.retentionFeeBasisPoints,
      cutOffTime: funds.cutOffTime,
    })
    .from(funds)
    .where(inArray(funds.id, [...ids]))
    .orderBy(asc(funds.code));
}

export interface NavRow {
  readonly navDate: string;
  readonly nav: bigint;
}

/** The fund's latest `count` NAVs on or before `date`, newest first. */
export async function latestNavs(
  db: DatabaseExecutor,
  fundId: string,
  date: string,
  count: number,
): Promise<NavRow[]> {
  return db
    .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), lte(fundNavs.navDate, date)))
    .orderBy(desc(fundNavs.navDate))
    .limit(count);
}

/** The fund's NAVs from `from` to `to`, oldest first. */
export async function navsBetween(
  db: DatabaseExecutor,
  fundId: string,
  from: string,
  to: string,
): Promise<NavRow[]> {
  return db
    .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), gte(fundNavs.navDate, from), lte(fundNavs.navDate, to)))
    .orderBy(asc(fundNavs.navDate));
}

/** お預り金 at the end of `date`: credits − debits of the customer's cash account up to that date. */
export async function cashBalanceOn(db: DatabaseExecutor, customerId: string, date: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(journalLines.amount) })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(journalLines.customerId, customerId),
        eq(journalLines.account, 'customer_cash'),
        lte(journalEntries.businessDate, date),
      ),
    );
  const debits = row?.total === null || row?.total === undefined ? 0n : BigInt(row.total);
  return -debits;
}

/** A holding as settlement keeps it now (保有残高), with its fund and the fund's latest two NAVs. */
export interface CurrentHoldingRow {
  readonly accountType: StoredAccountType;
  readonly fund: ValuationFund;
  readonly units: bigint;
  /** Units held by sell orders not yet settled (売却注文中): the executed figure once priced. */
  readonly reservedUnits: bigint;
  readonly costBasisPer10k: bigint;
  /** 簿価 of the units, as settlement keeps it (book-value.ts of @fund/domain). */
  readonly bookValue: bigint;
  /** Latest first: the NAV on or before the date, then the one before it. */
  readonly navs: readonly NavRow[];
}

/** Today's assets as one statement reads them: the holdings (units > 0), お預り金 and the money in flight. */
export interface CurrentAssetsRows {
  readonly holdings: readonly CurrentHoldingRow[];
  /** お預り金 now: the running balance of the customer's cash account (0 before the first movement). */
  readonly cashBalance: bigint;
  /** 未受渡金 now by side (`unsettledCashBySide` answers it for another date). */
  readonly unsettled: { readonly buys: bigint; readonly sells: bigint };
  /** Sell orders not settled today, as `listSellsInFlight` answers them. */
  readonly sellsInFlight: readonly SellInFlightRow[];
}

interface CurrentAssetsRow extends Record<string, unknown> {
  readonly cash: string | null;
  readonly unsettled: string | null;
  readonly unsettled_sells: string | null;
  readonly sells_in_flight: readonly RawSellInFlight[];
  readonly holdings: readonly {
    readonly accountType: StoredAccountType;
    readonly units: string;
    readonly reservedUnits: string;
    readonly costBasisPer10k: string;
    readonly bookValue: string;
    readonly fund: ValuationFund;
    readonly navs: readonly { readonly navDate: string; readonly nav: string }[];
  }[];
}

const customerParam = sql.placeholder('customerId');
const latestTwoNavs = sql`(
  SELECT coalesce(json_agg(json_build_object('navDate', latest.nav_date, 'nav', latest.nav::text)
    ORDER BY latest.nav_date DESC), '[]'::json)
  FROM (
    SELECT ${fundNavs.navDate} AS nav_date, ${fundNavs.nav} AS nav FROM ${fundNavs}
    WHERE ${fundNavs.fundId} = ${holdings.fundId} AND ${fundNavs.navDate} <= ${sql.placeholder('date')}::date
      AND (${fundNavs.navDate} < ${sql.placeholder('date')}::date
        OR ${sql.placeholder('clockTime')}::time >= ${funds.cutOffTime})
    ORDER BY ${fundNavs.navDate} DESC LIMIT 2
  ) latest
)`;

/**
 * 未受渡金 of sells: only a scheduled sell's proceeds wait there, from its settlement (TRADED) to its payout
 * (COMPLETED, which takes them out again); a spot sell pays into お預り金. So the sells' share of the
 * running balance is read from the few TRADED sells by the orders' (customer, status) index, and the
 * buys' share is the rest, instead of summing every journal line of the customer's history.
 */
const unsettledSellProceeds = sql`(
  SELECT coalesce(-sum(${journalLines.amount}), 0)::text
  FROM ${orders}
    JOIN ${journalEntries} ON ${journalEntries.orderId} = ${orders.id}
    JOIN ${journalLines} ON ${journalLines.entryId} = ${journalEntries.id}
  WHERE ${orders.customerId} = ${customerParam}::uuid AND ${orders.status} = 'TRADED'
    AND ${orders.channel} IN ('SELL', 'SCHEDULEDSELL')
    AND ${journalLines.account} = 'customer_unsettled' AND ${journalLines.customerId} = ${customerParam}::uuid
)`;

/** Sell orders placed before tomorrow and not settled today, as `listSellsInFlight` reads them. */
const sellsInFlightNow = sql`(
  SELECT coalesce(json_agg(json_build_object('accountType', ${orders.accountType}, 'fundId', ${orders.fundId},
    'tradeDate', ${orders.tradeDate}, 'settlementDate', ${orders.settlementDate}, 'status', ${orders.status},
    'units', coalesce(${orders.executedUnits}, ${orders.reservedUnits}, 0)::text,
    'executedAmount', ${orders.executedAmount}::text, 'taxWithheld', ${orders.taxWithheld}::text,
    'basisPer10k', coalesce(${holdings.costBasisPer10k}, 0)::text,
    'yearNetGain', coalesce(${yearlyTaxStates.netGain}, 0)::text,
    'yearIncomeTax', coalesce(${yearlyTaxStates.incomeTaxWithheld}, 0)::text,
    'yearResidentTax', coalesce(${yearlyTaxStates.residentTaxWithheld}, 0)::text)), '[]'::json)
  FROM ${orders}
    LEFT JOIN ${holdings} ON ${holdings.customerId} = ${orders.customerId}
      AND ${holdings.accountType} = ${orders.accountType} AND ${holdings.fundId} = ${orders.fundId}
    LEFT JOIN ${yearlyTaxStates} ON ${yearlyTaxStates.customerId} = ${orders.customerId}
      AND ${yearlyTaxStates.year} = extract(year from ${orders.settlementDate})::smallint
  WHERE ${orders.customerId} = ${customerParam}::uuid
    AND ${orders.status} IN ('ORDERED', 'EXECUTED', 'TRADED', 'COMPLETED')
    AND ${orders.channel} IN ('SELL', 'SCHEDULEDSELL')
    AND ${orders.createdAt} < ${sql.placeholder('placedBefore')}::timestamptz
    AND ${orders.settlementDate} > ${sql.placeholder('date')}::date
)`;

/**
 * The customer's holdings with units as the settlement step keeps them, each with its fund and latest two
 * NAVs published at `date` `clockTime` (blind pricing: `date`'s own NAV only from the fund's cut-off), and the cash balance: one round trip of a statement parsed once per
 * connection, so today's assets read a handful of rows instead of replaying every trade (performance.md:
 * assets for 10 years of monthly plans).
 */
const currentAssetsStatement = namedStatement<CurrentAssetsRow>(
  'assets_current',
  sql`SELECT
    (SELECT ${customerBalances.balance}::text FROM ${customerBalances}
      WHERE ${customerBalances.customerId} = ${customerParam}::uuid AND ${customerBalances.account} = 'customer_cash')
      AS cash,
    (SELECT coalesce(json_agg(json_build_object('accountType', ${holdings.accountType},
        'units', ${holdings.units}::text, 'reservedUnits', ${holdings.reservedUnits}::text,
        'costBasisPer10k', ${holdings.costBasisPer10k}::text, 'bookValue', ${holdings.bookValue}::text,
        'fund', json_build_object('id', ${funds.id}, 'code', ${funds.code}, 'name', ${funds.name},
          'shortName', ${funds.shortName}, 'retentionFeeBasisPoints', ${funds.retentionFeeBasisPoints},
          'cutOffTime', ${funds.cutOffTime}),
        'navs', ${latestTwoNavs})), '[]'::json)
      FROM ${holdings} JOIN ${funds} ON ${funds.id} = ${holdings.fundId}
      WHERE ${holdings.customerId} = ${customerParam}::uuid AND ${holdings.units} > 0) AS holdings,
    (SELECT ${customerBalances.balance}::text FROM ${customerBalances}
      WHERE ${customerBalances.customerId} = ${customerParam}::uuid
        AND ${customerBalances.account} = 'customer_unsettled') AS unsettled,
    ${unsettledSellProceeds} AS unsettled_sells,
    ${sellsInFlightNow} AS sells_in_flight`,
);

export async function readCurrentAssets(
  db: DatabaseExecutor,
  customerId: string,
  date: string,
  clockTime: string,
  placedBefore: Date,
): Promise<CurrentAssetsRows> {
  const [row] = await runNamedStatement(db, currentAssetsStatement, {
    customerId,
    date,
    clockTime,
    placedBefore: placedBefore.toISOString(),
  });
  const sells = BigInt(row?.unsettled_sells ?? 0);
  return {
    cashBalance: BigInt(row?.cash ?? 0),
    unsettled: { buys: BigInt(row?.unsettled ?? 0) - sells, sells },
    sellsInFlight: (row?.sells_in_flight ?? []).map(sellInFlightOf),
    holdings: (row?.holdings ?? []).map((holding) => ({
      accountType: holding.accountType,
      fund: holding.fund,
      units: BigInt(holding.units),
      reservedUnits: BigInt(holding.reservedUnits),
      costBasisPer10k: BigInt(holding.costBasisPer10k),
      bookValue: BigInt(holding.bookValue),
      navs: holding.navs.map((nav) => ({ navDate: nav.navDate, nav: BigInt(nav.nav) })),
    })),
  };
}
