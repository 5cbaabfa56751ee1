import {
  deliveredDocuments,
  distributionPayments,
  redemptionPayments,
  journalEntries,
  journalLines,
  orders,
  funds,
  trades,
  yearlyTaxStates,
  type DatabaseExecutor,
  type DeliveredDocumentKind,
  type NewDeliveredDocument,
} from '@fund/db';
import type { IsoDate } from '@fund/domain';
import { and, asc, between, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Who gets the periodic 電子交付書面 the batch issues (decision 017, "Issued by the batch"). */

/** A specific-account sale (解約, 定期売却) that settled in `year`: what the annual report lists. */
export function specificAccountSaleSettledIn(year: number): SQL {
  return and(
    eq(orders.accountType, 'specific'),
    inArray(orders.channel, ['SELL', 'SCHEDULEDSELL']),
    inArray(orders.status, ['TRADED', 'COMPLETED']),
    between(orders.settlementDate, `${year}-01-01`, `${year}-12-31`),
  )!;
}

/** Customers with a trade settled from `from` to `until` (inclusive): units, cash or tax moved. */
export async function customersWithTradesSettledBetween(
  db: DatabaseExecutor,
  from: string,
  until: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: trades.customerId })
    .from(trades)
    .where(between(trades.settlementDate, from, until));
  return rows.map((row) => row.customerId);
}

/**
 * Customers holding something at the end of `asOf`: units of a fund (settled trades up to then, as the
 * balance report counts them) or money (お預り金, 受渡待ち) in the ledger.
 */
export async function customersHoldingAt(db: DatabaseExecutor, asOf: string): Promise<string[]> {
  const unitHolders = await db
    .selectDistinct({ customerId: trades.customerId })
    .from(trades)
    .where(and(inArray(trades.type, ['FUND', 'SHIP_RECEIPT']), lte(trades.settlementDate, asOf)))
    .groupBy(trades.customerId, trades.accountType, trades.fundId)
    .having(
      sql`sum(CASE WHEN ${trades.side} IN ('BUY', 'IN') THEN ${trades.units} ELSE -${trades.units} END) > 0`,
    );
  const cashHolders = await db
    .selectDistinct({ customerId: journalLines.customerId })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        inArray(journalLines.account, ['customer_cash', 'customer_unsettled']),
        lte(journalEntries.businessDate, asOf),
      ),
    )
    .groupBy(journalLines.customerId, journalLines.account)
    .having(sql`-sum(${journalLines.amount}) > 0`);
  return [
    ...new Set([
      ...unitHolders.map((row) => row.customerId),
      ...cashHolders.flatMap((row) => (row.customerId === null ? [] : [row.customerId])),
    ]),
  ];
}

/**
 * Customers with something in the specific account's year to report: a sale or a 償還 settled in `year`,
 * or a distribution paid in it.
 */
export async function customersWithSpecificAccountSalesIn(
  db: DatabaseExecutor,
  year: number,
): Promise<string[]> {
  const inYear = (column: AnyPgColumn) => between(column, `${year}-01-01`, `${year}-12-31`);
  const [sellers, redeemed, distributed] = await Promise.all([
    db
      .selectDistinct({ customerId: orders.customerId })
      .from(orders)
      .where(specificAccountSaleSettledIn(year)),
    db
      .selectDistinct({ customerId: redemptionPayments.customerId })
      .from(redemptionPayments)
      .where(and(eq(redemptionPayments.accountType, 'specific'), inYear(redemptionPayments.paymentDate))),
    db
      .selectDistinct({ customerId: distributionPayments.customerId })
      .from(distributionPayments)
      .where(and(eq(distributionPayments.accountType, 'specific'), inYear(distributionPayments.paymentDate))),
  ]);
  return [...new Set([...sellers, ...redeemed, ...distributed].map((row) => row.customerId))];
}

/** Whether the customer already has a document of this kind and title (issued by the batch or the demo). */
export async function hasDocument(
  db: DatabaseExecutor,
  customerId: string,
  kind: DeliveredDocumentKind,
  title: string,
): Promise<boolean> {
  const [existing] = await db
    .select({ id: deliveredDocuments.id })
    .from(deliveredDocuments)
    .where(
      and(
        eq(deliveredDocuments.customerId, customerId),
        eq(deliveredDocuments.kind, kind),
        eq(deliveredDocuments.title, title),
      ),
    )
    .limit(1);
  return existing !== undefined;
}

/** The periodic reports' reads and writes of the documents themselves. */

/** A customer liability account's balance at the end of `asOf` (credits − debits up to that date). */
export async function ledgerBalanceAt(
  tx: DatabaseExecutor,
  customerId: string,
  account: 'customer_cash' | 'customer_unsettled',
  asOf: IsoDate,
): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(-sum(${journalLines.amount}), 0)::text` })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(journalLines.customerId, customerId),
        eq(journalLines.account, account),
        lte(journalEntries.businessDate, asOf),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** Each fund position's units from the trades settled up to `asOf`, with its last NAV up to then. */
export function settledPositionsAt(tx: DatabaseExecutor, customerId: string, asOf: IsoDate) {
  return tx
    .select({
      accountType: trades.accountType,
      fundId: trades.fundId,
      fundName: funds.name,
      retentionFeeBasisPoints: funds.retentionFeeBasisPoints,
      units: sql<string>`sum(CASE WHEN ${trades.side} IN ('BUY', 'IN') THEN ${trades.units} ELSE -${trades.units} END)::text`,
      navDate: sql<
        string | null
      >`(SELECT max(nav_date)::text FROM fund_navs n WHERE n.fund_id = ${trades.fundId} AND n.nav_date <= ${asOf})`,
      nav: sql<
        string | null
      >`(SELECT nav::text FROM fund_navs n WHERE n.fund_id = ${trades.fundId} AND n.nav_date <= ${asOf} ORDER BY n.nav_date DESC LIMIT 1)`,
    })
    .from(trades)
    .innerJoin(funds, eq(funds.id, trades.fundId))
    .where(
      and(
        eq(trades.customerId, customerId),
        inArray(trades.type, ['FUND', 'SHIP_RECEIPT']),
        lte(trades.settlementDate, asOf),
      ),
    )
    .groupBy(trades.accountType, trades.fundId, funds.name, funds.retentionFeeBasisPoints, funds.code)
    .orderBy(asc(trades.accountType), asc(funds.code));
}

/** The specific account's sales settled in `year`, by 受渡日, as stored. */
export async function specificAccountSaleRowsOf(tx: DatabaseExecutor, customerId: string, year: number) {
  const [sales, redemptions] = await Promise.all([
    tx
      .select({
        settlementDate: orders.settlementDate,
        fundName: funds.name,
        units: orders.executedUnits,
        proceeds: orders.executedAmount,
        taxWithheld: orders.taxWithheld,
      })
      .from(orders)
      .innerJoin(funds, eq(funds.id, orders.fundId))
      .where(and(eq(orders.customerId, customerId), specificAccountSaleSettledIn(year)))
      .orderBy(asc(orders.settlementDate), asc(orders.createdAt)),
    // a 償還 is a 譲渡 for tax (租税特別措置法 37条の11): listed with the sales
    tx
      .select({
        settlementDate: redemptionPayments.paymentDate,
        fundName: sql<string>`${funds.name} || '（償還）'`,
        units: redemptionPayments.units,
        proceeds: redemptionPayments.proceeds,
        taxWithheld: sql<bigint>`${redemptionPayments.incomeTax} + ${redemptionPayments.residentTax}`.mapWith(
          BigInt,
        ),
      })
      .from(redemptionPayments)
      .innerJoin(funds, eq(funds.id, redemptionPayments.fundId))
      .where(
        and(
          eq(redemptionPayments.customerId, customerId),
          eq(redemptionPayments.accountType, 'specific'),
          between(redemptionPayments.paymentDate, `${year}-01-01`, `${year}-12-31`),
        ),
      ),
  ]);
  return [...sales, ...redemptions].sort((a, b) => a.settlementDate.localeCompare(b.settlementDate));
}

/** The distributions paid into the specific account in `year`: 普通分配金 and the tax withheld, by part. */
export async function specificAccountDistributionsOf(tx: DatabaseExecutor, customerId: string, year: number) {
  const [row] = await tx
    .select({
      ordinary: sql<string>`coalesce(sum(${distributionPayments.ordinary}), 0)::text`,
      principalRepayment: sql<string>`coalesce(sum(${distributionPayments.principalRepayment}), 0)::text`,
      incomeTax: sql<string>`coalesce(sum(${distributionPayments.incomeTax}), 0)::text`,
      residentTax: sql<string>`coalesce(sum(${distributionPayments.residentTax}), 0)::text`,
    })
    .from(distributionPayments)
    .where(
      and(
        eq(distributionPayments.customerId, customerId),
        eq(distributionPayments.accountType, 'specific'),
        between(distributionPayments.paymentDate, `${year}-01-01`, `${year}-12-31`),
      ),
    );
  return {
    ordinary: BigInt(row?.ordinary ?? 0),
    principalRepayment: BigInt(row?.principalRepayment ?? 0),
    incomeTax: BigInt(row?.incomeTax ?? 0),
    residentTax: BigInt(row?.residentTax ?? 0),
  };
}

/** Customers paid a distribution (受取 or 再投資) from `from` to `until` (inclusive), by 支払開始日. */
export async function customersPaidDistributionsBetween(
  db: DatabaseExecutor,
  from: string,
  until: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: distributionPayments.customerId })
    .from(distributionPayments)
    .where(between(distributionPayments.paymentDate, from, until));
  return rows.map((row) => row.customerId);
}

/** Each distribution paid to the customer from `from` to `until` (inclusive), in payment order. */
export async function distributionsPaidBetween(
  tx: DatabaseExecutor,
  customerId: string,
  from: string,
  until: string,
) {
  return tx
    .select({
      paymentDate: distributionPayments.paymentDate,
      settlementDate: distributionPayments.settlementDate,
      fundName: funds.name,
      accountType: distributionPayments.accountType,
      course: distributionPayments.course,
      gross:
        sql<bigint>`${distributionPayments.ordinary} + ${distributionPayments.principalRepayment}`.mapWith(
          BigInt,
        ),
      tax: sql<bigint>`${distributionPayments.incomeTax} + ${distributionPayments.residentTax}`.mapWith(
        BigInt,
      ),
      net: distributionPayments.net,
      reinvestedUnits: distributionPayments.reinvestedUnits,
    })
    .from(distributionPayments)
    .innerJoin(funds, eq(funds.id, distributionPayments.fundId))
    .where(
      and(
        eq(distributionPayments.customerId, customerId),
        between(distributionPayments.paymentDate, from, until),
      ),
    )
    .orderBy(asc(distributionPayments.paymentDate), asc(funds.code), asc(distributionPayments.accountType));
}

/** The customer's tax state of `year`; undefined before any taxed sale of the year. */
export async function yearlyTaxStateOf(tx: DatabaseExecutor, customerId: string, year: number) {
  const [state] = await tx
    .select()
    .from(yearlyTaxStates)
    .where(and(eq(yearlyTaxStates.customerId, customerId), eq(yearlyTaxStates.year, year)));
  return state;
}

/** Delivers a periodic document; its id. */
export async function insertDocument(tx: DatabaseExecutor, document: NewDeliveredDocument): Promise<string> {
  const [row] = await tx.insert(deliveredDocuments).values(document).returning({ id: deliveredDocuments.id });
  return row!.id;
}
