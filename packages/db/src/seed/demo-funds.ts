import { extraHolidaysOf, isoDate, latestPublishedNavDate, yearOf, type IsoDate } from '@fund/domain';
import { eq, inArray, max, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../database.ts';
import { fundHolidays, fundNavs, fundProspectuses, funds, type NewFund } from '../schema/index.ts';
import {
  demoNavs,
  marketHolidays,
  type DemoNav,
  type Market,
  type RandomWalkParameters,
} from './demo-prices.ts';

export interface DemoFund {
  readonly fund: Omit<NewFund, 'id' | 'createdAt' | 'updatedAt'> & {
    readonly code: string;
    readonly inceptionDate: IsoDate;
  };
  readonly markets: readonly Market[];
  readonly walk: RandomWalkParameters;
  /** Prospectus revisions after version 1 (which takes effect on the inception date), by effective date. */
  readonly revisions: readonly IsoDate[];
  /** Also revised two months before the seed's end date, so re-confirmation can be demonstrated. */
  readonly recentlyRevised: boolean;
  /**
   * Also revised on the 15th of the month before the seed's end date (the お知らせ of 2026-10-15 says so),
   * after the main demo customer confirmed the version before: seedDemoTradingAccounts leaves this
   * version unconfirmed, so the trading list shows a revised prospectus to read and confirm before a buy.
   */
  readonly revisedSinceMainConfirmed: boolean;
  /** What the fund shows in the demo. */
  readonly demonstrates: string;
}

const inception = isoDate('2016-11-01');
const nisa2024Revision = isoDate('2024-01-04');

/**
 * The fictional funds of the demo (domain.md §8). Names, companies and codes are made up; `DEMOF` codes
 * cannot clash with real 協会コード, which are eight digits and letters of another pattern.
 */
export const demoFunds: readonly DemoFund[] = [
  {
    fund: {
      code: 'DEMOF001',
      name: 'さくらグローバル・バランスファンド（6資産均等型）',
      shortName: 'さくらグローバルバランス',
      managementCompany: 'さくらアセットマネジメント株式会社',
      inceptionDate: inception,
      priceLagDays: 1,
      buySettlementLagDays: 4,
      sellSettlementLagDays: 5,
      retentionFeeBasisPoints: 0,
      tsumitateEligible: true,
      growthEligible: true,
      riskLevel: 3,
      assetClass: 'BALANCED',
      foreign: true,
    },
    markets: ['NEW_YORK', 'LONDON'],
    walk: { seed: 20_161_101, driftPpm: 180, volatilityPpm: 5_500 },
    revisions: [nisa2024Revision],
    recentlyRevised: true,
    revisedSinceMainConfirmed: false,
    demonstrates: 'global balanced, price lag 1, NY + London holidays, つみたて eligible, no retention fee',
  },
  {
    fund: {
      code: 'DEMOF002',
      name: 'ひかり世界株式ファンド・オブ・ファンズ',
      shortName: 'ひかり世界株FoF',
      managementCompany: 'ひかり投信株式会社',
      inceptionDate: inception,
      priceLagDays: 2,
      buySettlementLagDays: 5,
      sellSettlementLagDays: 5,
      retentionFeeBasisPoints: 10,
      tsumitateEligible: false,
      growthEligible: true,
      riskLevel: 5,
      assetClass: 'EQUITY',
      foreign: true,
    },
    markets: ['NEW_YORK'],
    walk: { seed: 20_161_102, driftPpm: 330, volatilityPpm: 11_000 },
    revisions: [isoDate('2021-06-01'), nisa2024Revision],
    recentlyRevised: false,
    revisedSinceMainConfirmed: false,
    demonstrates: 'global equity fund of funds, price lag 2, NY holidays, 0.1% 信託財産留保額, growth only',
  },
  {
    fund: {
      code: 'DEMOF003',
      name: 'みなと日本株式インデックスファンド',
      shortName: 'みなと日本株インデックス',
      managementCompany: 'みなとアセットマネジメント株式会社',
      inceptionDate: inception,
      priceLagDays: 0,
      buySettlementLagDays: 3,
      sellSettlementLagDays: 3,
      retentionFeeBasisPoints: 0,
      tsumitateEligible: true,
      growthEligible: true,
      riskLevel: 4,
      assetClass: 'EQUITY',
      foreign: false,
    },
    markets: [],
    walk: { seed: 20_161_103, driftPpm: 180, volatilityPpm: 10_000 },
    revisions: [nisa2024Revision],
    recentlyRevised: false,
    revisedSinceMainConfirmed: false,
    demonstrates: 'Japan equity, price lag 0, Japanese calendar only, つみたて eligible',
  },
  {
    fund: {
      code: 'DEMOF004',
      name: 'あおば先進国債券ファンド（為替ヘッジなし）',
      shortName: 'あおば先進国債券',
      managementCompany: 'あおば投資顧問株式会社',
      inceptionDate: inception,
      priceLagDays: 1,
      buySettlementLagDays: 4,
      sellSettlementLagDays: 4,
      retentionFeeBasisPoints: 0,
      tsumitateEligible: false,
      growthEligible: true,
      riskLevel: 2,
      assetClass: 'BOND',
      foreign: true,
    },
    markets: ['LONDON'],
    walk: { seed: 20_161_104, driftPpm: 70, volatilityPpm: 3_500 },
    revisions: [],
    recentlyRevised: false,
    revisedSinceMainConfirmed: true,
    demonstrates:
      'foreign bonds, London holidays, growth only, low risk, a revision the main customer has to confirm',
  },
  {
    fund: {
      code: 'DEMOF005',
      name: 'わかば日本株ブル2倍ファンド',
      shortName: 'わかば日本株ブル2倍',
      managementCompany: 'わかばアセットマネジメント株式会社',
      inceptionDate: inception,
      priceLagDays: 0,
      buySettlementLagDays: 3,
      sellSettlementLagDays: 4,
      retentionFeeBasisPoints: 30,
      tsumitateEligible: false,
      growthEligible: false,
      riskLevel: 5,
      assetClass: 'EQUITY',
      foreign: false,
    },
    markets: [],
    walk: { seed: 20_161_105, driftPpm: 300, volatilityPpm: 20_000 },
    revisions: [],
    recentlyRevised: false,
    revisedSinceMainConfirmed: false,
    demonstrates: 'leveraged Japan equity: not NISA eligible at all, 0.3% 信託財産留保額',
  },
];

/** Rows per INSERT of NAVs: arrays are passed as two parameters, so this only bounds statement size. */
const navBatchSize = 5_000;

export interface DemoFundsReport {
  fundsInserted: number;
  navsInserted: number;
  holidaysInserted: number;
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
export function demoFundNavs(demo: DemoFund, endDate: IsoDate): DemoNav[] {
  const holidays = extraHolidaysOf(demoFundHolidays(demo, endDate).map((holiday) => holiday.date));
  return demoNavs(demo.walk, demo.fund.inceptionDate, endDate, holidays);
}

/**
 * Inserts what is missing of the demo funds, idempotently and on its own: funds (with their prospectus
 * versions) that do not exist yet, holidays up to the year after `endDate`, and NAVs after each fund's
 * last stored date up to `endDate`, so a later start fills the gap. Existing rows are never changed.
 * Run it in the caller's transaction; `endDate` defaults to the latest NAV date whose cut-off has passed
 * in Japan (blind pricing: on a first start before 15:00, today's NAV is not there to be seen; the day's
 * batch adds it).
 */
export async function seedDemoFunds(
  executor: DatabaseExecutor,
  endDate: IsoDate = latestPublishedNavDate(new Date()),
): Promise<DemoFundsReport> {
  const report: DemoFundsReport = { fundsInserted: 0, navsInserted: 0, holidaysInserted: 0 };
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
      .values(demo.fund)
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
    .select({ id: funds.id, code: funds.code, lastNavDate: max(fundNavs.navDate) })
    .from(funds)
    .leftJoin(fundNavs, eq(fundNavs.fundId, funds.id))
    .where(inArray(funds.code, codes))
    .groupBy(funds.id, funds.code);
  for (const demo of demoFunds) {
    const fund = stored.find((row) => row.code === demo.fund.code);
    if (fund === undefined) continue;
    const holidays = demoFundHolidays(demo, endDate);
    if (holidays.length > 0) {
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
    if (fund.lastNavDate !== null && fund.lastNavDate >= endDate) continue;
    const missing = demoFundNavs(demo, endDate).filter(
      (row) => fund.lastNavDate === null || row.navDate > fund.lastNavDate,
    );
    for (let start = 0; start < missing.length; start += navBatchSize) {
      report.navsInserted += await insertNavs(executor, fund.id, missing.slice(start, start + navBatchSize));
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
