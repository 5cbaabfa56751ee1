import {
  addBusinessDays,
  businessDayOnOrAfter,
  dateInMonth,
  extraHolidaysOf,
  isoDate,
  latestPublishedNavDate,
  yearOf,
  type IsoDate,
} from '@fund/domain';
import { eq, inArray, max, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../database.ts';
import {
  fundDistributions,
  fundHolidays,
  fundNavs,
  fundProspectuses,
  funds,
  type NewFund,
} from '../schema/index.ts';
import {
  demoWalk,
  marketHolidays,
  type DemoDistribution,
  type DemoNav,
  type DemoWalk,
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
  /**
   * 分配方針: what it declares per 10,000 units on each 決算日 (settlementMonths / settlementDay), from the
   * NAV before it, and the business days to the 支払開始日. Without one the fund settles and pays nothing,
   * as most index funds do.
   */
  readonly distribution?: {
    readonly per10k: (navBefore: bigint) => bigint;
    readonly paymentLagBusinessDays: number;
  };
  /** 繰上償還 announced: the 償還日 falls on the 20th this many months after the seed's end date. */
  readonly redeemedMonthsAfterSeed?: number;
  /** What the fund shows in the demo. */
  readonly demonstrates: string;
}

const inception = isoDate('2016-11-01');
const allMonths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The yearly fund's 分配方針: half of the NAV's rise above 11,000 yen, in 100 yen steps, at most 1,000. */
function yearlyDistribution(navBefore: bigint): bigint {
  if (navBefore <= 11_000n) return 0n;
  const half = (navBefore - 11_000n) / 2n;
  const stepped = (half / 100n) * 100n;
  return stepped > 1_000n ? 1_000n : stepped;
}
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
      settlementMonths: [3],
      settlementDay: 15,
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
      settlementMonths: [6],
      settlementDay: 10,
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
      settlementMonths: [7],
      settlementDay: 10,
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
      settlementMonths: [1, 7],
      settlementDay: 20,
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
      settlementMonths: [8],
      settlementDay: 25,
    },
    markets: [],
    walk: { seed: 20_161_105, driftPpm: 300, volatilityPpm: 20_000 },
    revisions: [],
    recentlyRevised: false,
    revisedSinceMainConfirmed: false,
    demonstrates: 'leveraged Japan equity: not NISA eligible at all, 0.3% 信託財産留保額',
  },
  {
    fund: {
      code: 'DEMOF006',
      name: 'しおかぜ世界債券インカムファンド（毎月分配型）',
      shortName: 'しおかぜ債券インカム毎月',
      managementCompany: 'しおかぜ投信株式会社',
      inceptionDate: inception,
      priceLagDays: 1,
      buySettlementLagDays: 4,
      sellSettlementLagDays: 5,
      retentionFeeBasisPoints: 0,
      // 毎月分配型: eligible for neither NISA bucket (domain.md §5, §9)
      tsumitateEligible: false,
      growthEligible: false,
      riskLevel: 3,
      assetClass: 'BOND',
      foreign: true,
      settlementMonths: allMonths,
      settlementDay: 15,
    },
    markets: ['NEW_YORK', 'LONDON'],
    walk: { seed: 20_161_106, driftPpm: 150, volatilityPpm: 4_000 },
    revisions: [],
    recentlyRevised: false,
    revisedSinceMainConfirmed: false,
    // 40 yen a month, more than the fund earns: its NAV drifts down and later buyers get 元本払戻金
    distribution: { per10k: (navBefore) => (navBefore >= 8_000n ? 40n : 25n), paymentLagBusinessDays: 5 },
    demonstrates:
      '毎月分配型 (決算 the 15th of every month), not NISA eligible, 受取 and 再投資, the split against 個別元本',
  },
  {
    fund: {
      code: 'DEMOF007',
      name: 'こもれび日本高配当株ファンド（年1回決算型）',
      shortName: 'こもれび日本高配当株',
      managementCompany: 'こもれびアセットマネジメント株式会社',
      inceptionDate: inception,
      priceLagDays: 0,
      buySettlementLagDays: 3,
      sellSettlementLagDays: 3,
      retentionFeeBasisPoints: 0,
      tsumitateEligible: false,
      growthEligible: true,
      riskLevel: 4,
      assetClass: 'EQUITY',
      foreign: false,
      settlementMonths: [12],
      settlementDay: 10,
    },
    markets: [],
    walk: { seed: 20_161_107, driftPpm: 260, volatilityPpm: 9_000 },
    revisions: [],
    recentlyRevised: false,
    revisedSinceMainConfirmed: false,
    distribution: { per10k: yearlyDistribution, paymentLagBusinessDays: 4 },
    demonstrates: '年1回決算 (December 10th), NISA 成長 eligible: 再投資 in NISA takes bucket room',
  },
  {
    fund: {
      code: 'DEMOF008',
      name: 'あさひ新興国株式ファンド',
      shortName: 'あさひ新興国株',
      managementCompany: 'あさひ投信株式会社',
      inceptionDate: inception,
      priceLagDays: 1,
      buySettlementLagDays: 5,
      sellSettlementLagDays: 6,
      retentionFeeBasisPoints: 30,
      tsumitateEligible: false,
      growthEligible: true,
      riskLevel: 5,
      assetClass: 'EQUITY',
      foreign: true,
      settlementMonths: [6],
      settlementDay: 20,
    },
    markets: ['NEW_YORK'],
    walk: { seed: 20_161_108, driftPpm: 200, volatilityPpm: 13_000 },
    revisions: [],
    recentlyRevised: false,
    revisedSinceMainConfirmed: false,
    redeemedMonthsAfterSeed: 2,
    demonstrates:
      '繰上償還 announced: 償還日 on the 20th two months after the first start, orders taken until 5 business days before, no 信託財産留保額 on the 償還',
  },
];

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
    // a restart finds the NAVs in already: the walk from the inception is not computed again for nothing;
    // a redeemed fund has no NAV after its 償還日 (its 償還価額)
    const lastDate =
      fund.redemptionDate !== null && fund.redemptionDate < endDate ? fund.redemptionDate : endDate;
    if (fund.lastNavDate !== null && fund.lastNavDate >= lastDate) continue;
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
