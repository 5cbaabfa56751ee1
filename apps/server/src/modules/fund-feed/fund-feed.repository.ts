import {
  advisoryLockKeys,
  fundDistributions,
  fundHolidays,
  fundNavs,
  fundProspectuses,
  funds,
  type Fund,
  type NewFund,
  type Transaction,
} from '@fund/db';
import { and, eq, gte, inArray, lte, max, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../shared/sql-arrays.ts';

/** The fund feed's reads and writes, each in the one transaction of an import. */

/** Waits for any other import to finish: a feed is checked against what the one before it stored. */
export async function lockFeedImport(tx: Transaction): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${advisoryLockKeys.fundFeedImport})`);
}

export interface StoredFeedFund {
  readonly fund: Fund;
  readonly prospectuses: readonly { version: number; effectiveOn: string; documentUrl: string }[];
  readonly holidays: ReadonlySet<string>;
  readonly lastNavDate: string | null;
}

/** The stored funds of `codes`, each with its prospectus versions, holidays and latest NAV date. */
export async function storedFeedFunds(
  tx: Transaction,
  codes: readonly string[],
): Promise<Map<string, StoredFeedFund>> {
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(funds)
    .where(inArray(funds.code, [...codes]));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return new Map();
  const [prospectuses, holidays, lastNavs] = await Promise.all([
    tx
      .select({
        fundId: fundProspectuses.fundId,
        version: fundProspectuses.version,
        effectiveOn: fundProspectuses.effectiveOn,
        documentUrl: fundProspectuses.documentUrl,
      })
      .from(fundProspectuses)
      .where(inArray(fundProspectuses.fundId, ids)),
    tx
      .select({ fundId: fundHolidays.fundId, holiday: fundHolidays.holiday })
      .from(fundHolidays)
      .where(inArray(fundHolidays.fundId, ids)),
    tx
      .select({ fundId: fundNavs.fundId, lastNavDate: max(fundNavs.navDate) })
      .from(fundNavs)
      .where(inArray(fundNavs.fundId, ids))
      .groupBy(fundNavs.fundId),
  ]);
  return new Map(
    rows.map((fund) => [
      fund.code,
      {
        fund,
        prospectuses: prospectuses.filter((row) => row.fundId === fund.id),
        holidays: new Set(holidays.filter((row) => row.fundId === fund.id).map((row) => row.holiday)),
        lastNavDate: lastNavs.find((row) => row.fundId === fund.id)?.lastNavDate ?? null,
      },
    ]),
  );
}

/** The stored NAVs of the fund between two dates (inclusive), by date. */
export async function storedNavsBetween(
  tx: Transaction,
  fundId: string,
  from: string,
  to: string,
): Promise<Map<string, bigint>> {
  const rows = await tx
    .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), gte(fundNavs.navDate, from), lte(fundNavs.navDate, to)));
  return new Map(rows.map((row) => [row.navDate, row.nav]));
}

export type FeedFundColumns = Omit<NewFund, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertFund(tx: Transaction, columns: FeedFundColumns): Promise<string> {
  const [row] = await tx.insert(funds).values(columns).returning({ id: funds.id });
  return row!.id;
}

export async function updateFund(tx: Transaction, fundId: string, columns: Partial<FeedFundColumns>) {
  await tx.update(funds).set(columns).where(eq(funds.id, fundId));
}

export async function insertProspectuses(
  tx: Transaction,
  rows: readonly { fundId: string; version: number; effectiveOn: string; documentUrl: string }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(fundProspectuses).values([...rows]);
}

export async function insertHolidays(
  tx: Transaction,
  rows: readonly { fundId: string; holiday: string; reason: string }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(fundHolidays).values([...rows]);
}

/** Inserts NAVs, one statement per fund's chunk: the dates and NAVs passed as two arrays and unnested. */
export async function insertNavs(
  tx: Transaction,
  fundId: string,
  navs: readonly { date: string; nav: bigint }[],
): Promise<void> {
  const chunk = 5_000;
  for (let start = 0; start < navs.length; start += chunk) {
    const part = navs.slice(start, start + chunk);
    await tx.execute(sql`
      INSERT INTO ${fundNavs} (fund_id, nav_date, nav)
      SELECT ${fundId}::uuid, nav_date, nav
      FROM unnest(${arrayLiteral(part.map((row) => row.date))}::date[], ${arrayLiteral(part.map((row) => row.nav))}::bigint[]) AS t(nav_date, nav)`);
  }
}

/** Which of `dates` have a NAV stored for the fund. */
export async function navDatesAmong(
  tx: Transaction,
  fundId: string,
  dates: readonly string[],
): Promise<Set<string>> {
  if (dates.length === 0) return new Set();
  const rows = await tx
    .select({ navDate: fundNavs.navDate })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), inArray(fundNavs.navDate, [...dates])));
  return new Set(rows.map((row) => row.navDate));
}

/** The distributions stored for the fund on `dates`, by 決算日. */
export async function storedDistributionsOn(
  tx: Transaction,
  fundId: string,
  dates: readonly string[],
): Promise<Map<string, { per10k: bigint; paymentDate: string }>> {
  if (dates.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(fundDistributions)
    .where(and(eq(fundDistributions.fundId, fundId), inArray(fundDistributions.settlementDate, [...dates])));
  return new Map(
    rows.map((row) => [row.settlementDate, { per10k: row.per10k, paymentDate: row.paymentDate }]),
  );
}

export async function insertDistributions(
  tx: Transaction,
  rows: readonly { fundId: string; settlementDate: string; per10k: bigint; paymentDate: string }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(fundDistributions).values([...rows]);
}
