import {
  addBusinessDays,
  addCalendarDays,
  businessDayOnOrAfter,
  dateInMonth,
  extraHolidaysOf,
  isoDate,
  latestPublishedNavDate,
  previousBusinessDay,
  yearOf,
  type IsoDate,
} from '@fund/domain';
import { eq, inArray, max, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../database.ts';
import { fundDistributions, fundHolidays, fundNavs, fundProspectuses, funds } from '../schema/index.ts';
import {
  demoWalk,
  marketHolidays,
  type DemoDistribution,
  type DemoNav,
  type DemoWalk,
} from './demo-prices.ts';
import { demoFunds, type DemoFund } from './demo-fund-list.ts';

export { demoFunds, type DemoFund } from './demo-fund-list.ts';

/** Rows per INSERT of NAVs: arrays are passed as two parameters, so this only bounds statement size. */
const navBatchSize = 5_000;

export interface DemoFundsReport {
  fundsInserted: number;
  navsInserted: number;
  holidaysInserted: number;
  distributionsInserted: number;
}

/** The first day of the month two months before `endDate`: the recent revision's effective date. */
function recentRevisionDate(endDate: IsoDate): IsoDate {
  const year = yearOf(endDate);
  const month = Number(endDate.slice(5, 7));
  const back = month - 2 >= 1 ? { year, month: month - 2 } : { year: year - 1, month: month + 10 };
  return isoDate(`${back.year}-${String(back.month).padStart(2, '0')}-01`);
}

/** The 15th of the month before `endDate`: the effective date of a revision made since the main customer confirmed. */
function revisionSinceConfirmedDate(endDate: IsoDate): IsoDate {
  const year = yearOf(endDate);
  const month = Number(endDate.slice(5, 7));
  const back = month - 1 >= 1 ? { year, month: month - 1 } : { year: year - 1, month: 12 };
  return isoDate(`${back.year}-${String(back.month).padStart(2, '0')}-15`);
}

/** The funds whose latest prospectus the main demo customer has not confirmed yet, though the one before. */
export const revisedSinceMainConfirmedCodes: readonly string[] = demoFunds
  .filter((demo) => demo.revisedSinceMainConfirmed)
  .map((demo) => demo.fund.code);

function prospectusUrl(code: string, version: number): string {
  return `https://funds.example.jp/${code}/prospectus-v${version}.pdf`;
}

/** The fund's holidays from its inception year to the year after `endDate`. */
export function demoFundHolidays(demo: DemoFund, endDate: IsoDate) {
  return marketHolidays(demo.markets, yearOf(demo.fund.inceptionDate), yearOf(endDate) + 1);
}

/** The fund's NAVs from its inception up to `endDate` (inclusive, when a business day of the fund). */
export function demoFundWalk(demo: DemoFund, endDate: IsoDate): DemoWalk {
  const holidays = extraHolidaysOf(demoFundHolidays(demo, endDate).map((holiday) => holiday.date));
  const policy =
    demo.distribution === undefined
      ? undefined
      : {
          schedule: { months: demo.fund.settlementMonths ?? [], day: demo.fund.settlementDay ?? 31 },
          per10k: demo.distribution.per10k,
        };
  return demoWalk(demo.walk, demo.fund.inceptionDate, endDate, holidays, policy);
}

export function demoFundNavs(demo: DemoFund, endDate: IsoDate): DemoNav[] {
  return demoFundWalk(demo, endDate).navs;
}

/**
 * The announced 繰上償還 of a fund that has one: the 償還日 on the fund's business day on or after the
 * 20th, `redeemedMonthsAfterSeed` months after `endDate`; orders taken until 5 business days before it.
 */
export function demoRedemption(
  demo: DemoFund,
  endDate: IsoDate,
): { redemptionDate: IsoDate; lastOrderDate: IsoDate } | undefined {
  if (demo.redeemedMonthsAfterSeed === undefined) return undefined;
  const months = yearOf(endDate) * 12 + Number(endDate.slice(5, 7)) - 1 + demo.redeemedMonthsAfterSeed;
  const holidays = extraHolidaysOf(demoFundHolidays(demo, endDate).map((holiday) => holiday.date));
  const redemptionDate = businessDayOnOrAfter(
    dateInMonth({ year: Math.floor(months / 12), month: (months % 12) + 1 }, 20),
    holidays,
  );
  return { redemptionDate, lastOrderDate: addBusinessDays(redemptionDate, -5, holidays) };
}

/**
 * Inserts what is missing of the demo funds, idempotently and on its own: funds (with their prospectus
 * versions and, for the fund with an announced 繰上償還, its 償還日) that do not exist yet, holidays up to
 * the year after `endDate`, and NAVs with the distributions of their 決算日 after each fund's last stored
 * date up to `endDate` (its 償還日 at most), so a later start fills the gap. Existing rows are never changed.
 * Run it in the caller's transaction; `endDate` defaults to the latest NAV date whose cut-off has passed
 * in Japan (blind pricing: on a first start before 15:00, today's NAV is not there to be seen; the day's
 * batch adds it).
 */
export async function seedDemoFunds(
  executor: DatabaseExecutor,
  endDate: IsoDate = latestPublishedNavDate(new Date()),
): Promise<DemoFundsReport> {
  const report: DemoFundsReport = {
    fundsInserted: 0,
    navsInserted: 0,
    holidaysInserted: 0,
    distributionsInserted: 0,
  };
  const codes = demoFunds.map((demo) => demo.fund.code);
  const existing = new Set(
    (await executor.select({ code: funds.code }).from(funds).where(inArray(funds.code, codes))).map(
      (row) => row.code,
    ),
  );
  for (const demo of demoFunds) {
    if (existing.has(demo.fund.code)) continue;
    const [inserted] = await executor
      .insert(funds)
      .values({ ...demo.fund, ...demoRedemption(demo, endDate) })
      .onConflictDoNothing({ target: funds.code })
      .returning({ id: funds.id });
    if (inserted === undefined) continue; // inserted meanwhile by another seeder
    report.fundsInserted += 1;
    const effectiveDates = [demo.fund.inceptionDate, ...demo.revisions];
    if (demo.recentlyRevised) effectiveDates.push(recentRevisionDate(endDate));
    if (demo.revisedSinceMainConfirmed) effectiveDates.push(revisionSinceConfirmedDate(endDate));
    await executor.insert(fundProspectuses).values(
      effectiveDates.map((effectiveOn, index) => ({
        fundId: inserted.id,
        version: index + 1,
        effectiveOn,
        documentUrl: prospectusUrl(demo.fund.code, index + 1),
      })),
    );
  }

  const stored = await executor
    .select({
      id: funds.id,
      code: funds.code,
      redemptionDate: funds.redemptionDate,
      lastNavDate: max(fundNavs.navDate),
    })
    .from(funds)
    .leftJoin(fundNavs, eq(fundNavs.fundId, funds.id))
    .where(inArray(funds.code, codes))
    .groupBy(funds.id, funds.code, funds.redemptionDate);
  const lastHolidays = new Map(
    (
      await executor
        .select({ fundId: fundHolidays.fundId, last: max(fundHolidays.holiday) })
        .from(fundHolidays)
        .where(
          inArray(
            fundHolidays.fundId,
            stored.map((row) => row.id),
          ),
        )
        .groupBy(fundHolidays.fundId)
    ).map((row) => [row.fundId, row.last]),
  );
  for (const demo of demoFunds) {
    const fund = stored.find((row) => row.code === demo.fund.code);
    if (fund === undefined) continue;
    const holidays = demoFundHolidays(demo, endDate);
    // a restart finds this year's holidays in already (they go up to the year after `endDate`)
    const lastStored = lastHolidays.get(fund.id) ?? null;
    if (holidays.length > 0 && (lastStored === null || lastStored < holidays.at(-1)!.date)) {
      const result = await executor
        .insert(fundHolidays)
        .values(
          holidays.map((holiday) => ({ fundId: fund.id, holiday: holiday.date, reason: holiday.reason })),
        )
        .onConflictDoNothing()
        .returning({ holiday: fundHolidays.holiday });
      report.holidaysInserted += result.length;
    }
    // a restart finds the NAVs in already: the walk from the inception is not computed again for nothing
    // (its last NAV is on the fund's last business day up to the date: a fund's holiday has none); a
    // redeemed fund has no NAV after its 償還日 (its 償還価額)
    const lastDate =
      fund.redemptionDate !== null && fund.redemptionDate < endDate ? fund.redemptionDate : endDate;
    const lastNavDay = previousBusinessDay(
      addCalendarDays(isoDate(lastDate), 1),
      extraHolidaysOf(holidays.map((holiday) => holiday.date)),
    );
    if (fund.lastNavDate !== null && fund.lastNavDate >= lastNavDay) continue;
    const walk = demoFundWalk(demo, isoDate(lastDate));
    const missing = walk.navs.filter((row) => fund.lastNavDate === null || row.navDate > fund.lastNavDate);
    for (let start = 0; start < missing.length; start += navBatchSize) {
      report.navsInserted += await insertNavs(executor, fund.id, missing.slice(start, start + navBatchSize));
    }
    if (demo.distribution !== undefined) {
      report.distributionsInserted += await insertDistributions(
        executor,
        fund.id,
        walk.distributions.filter(
          (row) => fund.lastNavDate === null || row.settlementDate > fund.lastNavDate,
        ),
        demo.distribution.paymentLagBusinessDays,
      );
    }
  }
  return report;
}

/** One INSERT per batch, the dates and NAVs passed as two array literals and unnested by the server. */
async function insertNavs(
  executor: DatabaseExecutor,
  fundId: string,
  navs: readonly DemoNav[],
): Promise<number> {
  const dates = `{${navs.map((row) => row.navDate).join(',')}}`;
  const values = `{${navs.map((row) => row.nav.toString()).join(',')}}`;
  const result = await executor.execute(sql`
    INSERT INTO ${fundNavs} (${sql.identifier(fundNavs.fundId.name)}, ${sql.identifier(fundNavs.navDate.name)}, ${sql.identifier(fundNavs.nav.name)})
    SELECT ${fundId}::uuid, nav_date, nav FROM unnest(${dates}::date[], ${values}::bigint[]) AS t(nav_date, nav)
    ON CONFLICT DO NOTHING`);
  return (
    (result as unknown as { rowCount?: number | null; affectedRows?: number }).rowCount ??
    (result as unknown as { affectedRows?: number }).affectedRows ??
    navs.length
  );
}

/**
 * The walk's distributions, declared as the fund feed declares them (docs/fund-feed.md): per 10,000 units
 * on the 決算日, paid from the 支払開始日 `paymentLagBusinessDays` Japanese business days later.
 */
async function insertDistributions(
  executor: DatabaseExecutor,
  fundId: string,
  distributions: readonly DemoDistribution[],
  paymentLagBusinessDays: number,
): Promise<number> {
  if (distributions.length === 0) return 0;
  const inserted = await executor
    .insert(fundDistributions)
    .values(
      distributions.map((row) => ({
        fundId,
        settlementDate: row.settlementDate,
        per10k: row.per10k,
        paymentDate: addBusinessDays(row.settlementDate, paymentLagBusinessDays),
      })),
    )
    .onConflictDoNothing()
    .returning({ settlementDate: fundDistributions.settlementDate });
  return inserted.length;
}
