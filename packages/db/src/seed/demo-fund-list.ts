import { isoDate, type IsoDate } from '@fund/domain';
import type { NewFund } from '../schema/index.ts';
import type { Market, RandomWalkParameters } from './demo-prices.ts';

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
const nisa2024Revision = isoDate('2024-01-04');
const allMonths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The yearly fund's 分配方針: half of the NAV's rise above 11,000 yen, in 100 yen steps, at most 1,000. */
function yearlyDistribution(navBefore: bigint): bigint {
  if (navBefore <= 11_000n) return 0n;
  const half = (navBefore - 11_000n) / 2n;
  const stepped = (half / 100n) * 100n;
  return stepped > 1_000n ? 1_000n : stepped;
}

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
    // 40 yen a month (25 once the NAV is below 8,000: a 分配金引下げ), more than the fund earns: its NAV
    // drifts down and later buyers get 元本払戻金
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
