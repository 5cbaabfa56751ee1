import type { AccountType, DistributionCourse, IsoDate } from '@fund/domain';
import {
  customerAccounts,
  customers,
  distributionCourses,
  distributionPayments,
  fundDistributions,
  fundNavs,
  funds,
  type DatabaseExecutor,
  type DistributionPayment,
  type NewDistributionPayment,
  type Transaction,
} from '@fund/db';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../batch-data.repository.ts';

// The distributions step's reads and writes; every one but the enumeration runs in the transaction of the
// one holder being paid.

/** The distributions whose 支払開始日 is the business date. */
export async function distributionsPaidOn(db: DatabaseExecutor, paymentDate: IsoDate) {
  return db
    .select({ fundId: fundDistributions.fundId, settlementDate: fundDistributions.settlementDate })
    .from(fundDistributions)
    .where(eq(fundDistributions.paymentDate, paymentDate));
}

/**
 * Units of record on the 決算日 (domain.md §9): every unit whose buy has its 約定日 on or before it, less
 * those sold with a 約定日 on or before it. Settled movements are the FUND and SHIP_RECEIPT trades (written
 * with their 約定日); executed orders not settled yet count by their executed units. Per holding, only
 * holdings with units; `holder` narrows it to one.
 */
export async function unitsOfRecord(
  db: DatabaseExecutor,
  fundId: string,
  settlementDate: string,
  holder?: { customerId: string; accountType: AccountType },
): Promise<{ customerId: string; accountType: AccountType; units: bigint }[]> {
  const tradesOfHolder =
    holder === undefined
      ? sql``
      : sql`AND customer_id = ${holder.customerId}::uuid AND account_type = ${holder.accountType}`;
  const rows = await rowsOf(
    db,
    sql`SELECT customer_id, account_type, sum(units)::text AS units FROM (
        SELECT customer_id, account_type,
          CASE WHEN side IN ('BUY', 'IN') THEN units ELSE -units END AS units
        FROM trades
        WHERE fund_id = ${fundId}::uuid AND type IN ('FUND', 'SHIP_RECEIPT') AND trade_date <= ${settlementDate}::date
          ${tradesOfHolder}
        UNION ALL
        SELECT customer_id, account_type,
          CASE WHEN channel IN ('BUY', 'TSUMITATE') THEN executed_units ELSE -executed_units END
        FROM orders
        WHERE fund_id = ${fundId}::uuid AND status = 'EXECUTED' AND trade_date <= ${settlementDate}::date
          ${tradesOfHolder}
      ) AS movements
      GROUP BY customer_id, account_type
      HAVING sum(units) > 0
      ORDER BY customer_id, account_type`,
  );
  return rows.map((row) => ({
    customerId: String(row.customer_id),
    accountType: row.account_type as AccountType,
    units: BigInt(String(row.units)),
  }));
}

/** The declared distribution with its ex-NAV and what the payment needs of the fund. */
export async function declaredDistribution(tx: Transaction, fundId: string, settlementDate: string) {
  const [row] = await tx
    .select({
      per10k: fundDistributions.per10k,
      paymentDate: fundDistributions.paymentDate,
      exNav: fundNavs.nav,
      fundName: funds.shortName,
      reinvestmentOffered: funds.reinvestmentOffered,
      tsumitateEligible: funds.tsumitateEligible,
      growthEligible: funds.growthEligible,
    })
    .from(fundDistributions)
    .innerJoin(funds, eq(funds.id, fundDistributions.fundId))
    .innerJoin(
      fundNavs,
      and(
        eq(fundNavs.fundId, fundDistributions.fundId),
        eq(fundNavs.navDate, fundDistributions.settlementDate),
      ),
    )
    .where(and(eq(fundDistributions.fundId, fundId), eq(fundDistributions.settlementDate, settlementDate)));
  return row;
}

export type DeclaredDistributionRow = NonNullable<Awaited<ReturnType<typeof declaredDistribution>>>;

/** Whether the holder has been paid this 決算 already (a rerun after a crash finds the row). */
export async function paidAlready(
  tx: Transaction,
  key: { customerId: string; accountType: AccountType; fundId: string; settlementDate: string },
): Promise<boolean> {
  const rows = await tx
    .select({ id: distributionPayments.id })
    .from(distributionPayments)
    .where(
      and(
        eq(distributionPayments.customerId, key.customerId),
        eq(distributionPayments.accountType, key.accountType),
        eq(distributionPayments.fundId, key.fundId),
        eq(distributionPayments.settlementDate, key.settlementDate),
      ),
    );
  return rows.length > 0;
}

/** The holder as the payment needs them: the tax kind, NISA eligibility and the accounts open. */
export async function distributionHolder(tx: Transaction, customerId: string) {
  const [customer] = await tx
    .select({ role: customers.accountRole, birthDate: customers.birthDate })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (customer === undefined) throw new Error(`No customer ${customerId}`);
  const accounts = await tx
    .select({ accountType: customerAccounts.accountType })
    .from(customerAccounts)
    .where(eq(customerAccounts.customerId, customerId));
  return { ...customer, accountTypes: new Set(accounts.map((row) => row.accountType)) };
}

/** The holding's chosen course, if it chose one. */
export async function chosenCourse(
  tx: Transaction,
  key: { customerId: string; accountType: AccountType; fundId: string },
): Promise<DistributionCourse | undefined> {
  const [row] = await tx
    .select({ course: distributionCourses.course })
    .from(distributionCourses)
    .where(
      and(
        eq(distributionCourses.customerId, key.customerId),
        eq(distributionCourses.accountType, key.accountType),
        eq(distributionCourses.fundId, key.fundId),
      ),
    );
  return row?.course;
}

export async function insertDistributionPayment(
  tx: Transaction,
  payment: NewDistributionPayment,
): Promise<DistributionPayment> {
  const [row] = await tx.insert(distributionPayments).values(payment).returning();
  return row!;
}
