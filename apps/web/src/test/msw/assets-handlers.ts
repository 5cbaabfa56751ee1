import type { AssetHistory, Assets, HoldingDistributionsList, TotalReturns } from '@fund/contracts';
import { AssetsPath, FundLifePath } from '@fund/contracts/paths';
import { http, HttpResponse, type RequestHandler } from 'msw';

/**
 * An adult's assets on 2026-11-26: two taxable holdings (one fund with 信託財産留保額) and one in each 2024
 * NISA 枠, one with a sell order not yet executed (its units already deducted), and money in flight both
 * ways. Figures are consistent: 評価額 = ⌊units × 解約価額 ÷ 10,000⌋, 損益 = 評価額 − 簿価, subtotals and
 * total add up, 総資産 = funds + お預り金 + 受渡待ち.
 */
export const assetsFixture = {
  referenceDate: '2026-11-26',
  holdings: [
    {
      accountType: 'specific',
      fund: {
        code: 'DEMOF001',
        name: 'さくらグローバル・バランスファンド（6資産均等型）',
        shortName: 'さくらグローバルバランス',
      },
      // 669,697 × 17,227 ÷ 10,000 = 1,153,687.02…
      units: '669697',
      value: '1153687',
      bookValue: '812879',
      gainLoss: '340808',
      dayChange: '2813',
      pendingSellUnits: '100000',
      // 100,000 × 17,227 ÷ 10,000
      pendingSellValue: '172270',
      costBasisPer10k: '12138',
      navDate: '2026-11-25',
      nav: '17227',
      cancellationPrice: '17227',
      previousNavDate: '2026-11-24',
    },
    {
      accountType: 'specific',
      fund: {
        code: 'DEMOF002',
        name: 'ひかり世界株式ファンド・オブ・ファンズ',
        shortName: 'ひかり世界株FoF',
      },
      // 517,068 × 27,334 ÷ 10,000 = 1,413,353.6…
      units: '517068',
      value: '1413353',
      bookValue: '1512416',
      gainLoss: '-99063',
      dayChange: '-5481',
      pendingSellUnits: '0',
      pendingSellValue: '0',
      costBasisPer10k: '29250',
      navDate: '2026-11-25',
      nav: '27362',
      cancellationPrice: '27334',
      previousNavDate: '2026-11-24',
    },
    {
      accountType: 'nisa2_tsumitate',
      fund: {
        code: 'DEMOF001',
        name: 'さくらグローバル・バランスファンド（6資産均等型）',
        shortName: 'さくらグローバルバランス',
      },
      // 733,570 × 17,227 ÷ 10,000 = 1,263,721.0…
      units: '733570',
      value: '1263721',
      bookValue: '1020690',
      gainLoss: '243031',
      dayChange: '3081',
      pendingSellUnits: '0',
      pendingSellValue: '0',
      costBasisPer10k: '13914',
      navDate: '2026-11-25',
      nav: '17227',
      cancellationPrice: '17227',
      previousNavDate: '2026-11-24',
    },
    {
      accountType: 'nisa2_growth',
      fund: {
        code: 'DEMOF003',
        name: 'みなと日本株式インデックスファンド',
        shortName: 'みなと日本株',
      },
      // 217,202 × 38,573 ÷ 10,000 = 837,813.2…
      units: '217202',
      value: '837813',
      bookValue: '800021',
      gainLoss: '37792',
      dayChange: '-8623',
      pendingSellUnits: '0',
      pendingSellValue: '0',
      costBasisPer10k: '36833',
      navDate: '2026-11-26',
      nav: '38573',
      cancellationPrice: '38573',
      previousNavDate: '2026-11-25',
    },
  ],
  byAccountType: [
    {
      accountType: 'specific',
      value: '2567040',
      bookValue: '2325295',
      gainLoss: '241745',
      dayChange: '-2668',
    },
    {
      accountType: 'nisa2_tsumitate',
      value: '1263721',
      bookValue: '1020690',
      gainLoss: '243031',
      dayChange: '3081',
    },
    {
      accountType: 'nisa2_growth',
      value: '837813',
      bookValue: '800021',
      gainLoss: '37792',
      dayChange: '-8623',
    },
  ],
  total: { value: '4668574', bookValue: '4146006', gainLoss: '522568', dayChange: '-8210' },
  cashBalance: '524842',
  inTransit: { buys: '50000', sells: '172270' },
  // 4,668,574 + 524,842 + 50,000 + 172,270
  totalAssets: '5415686',
} satisfies Assets;

/** A customer who holds nothing (and has never held anything): cash only. */
export const emptyAssetsFixture = {
  referenceDate: '2026-11-26',
  holdings: [],
  byAccountType: [],
  total: { value: '0', bookValue: '0', gainLoss: '0', dayChange: '0' },
  cashBalance: '300000',
  inTransit: { buys: '0', sells: '0' },
  totalAssets: '300000',
} satisfies Assets;

/** Value and cost at month ends: nothing held before the first purchase in September. */
export function assetHistoryFixture(interval: 'day' | 'month', from: string, to: string): AssetHistory {
  return {
    from,
    to,
    interval,
    points: [
      { date: '2026-08-31', value: '0', cost: '0' },
      { date: '2026-09-30', value: '3204101', cost: '3100000' },
      { date: '2026-10-31', value: '3653877', cost: '3305512' },
      { date: '2026-11-26', value: '4668574', cost: '4146006' },
    ],
  };
}

/**
 * Default answers of the calls the assets screen owns (decision 012): plausible fixtures typed with the
 * contracts, so whole-app tests render it; a test that asserts figures answers them itself.
 */
/**
 * Each holding's course: DEMOF001 in the specific account reinvests and has paid, the others not yet;
 * DEMOF002's 繰上償還 is announced.
 */
export const holdingDistributionsFixture: HoldingDistributionsList = {
  holdings: [
    {
      fundCode: 'DEMOF001',
      fundShortName: 'さくらグローバルバランス',
      accountType: 'specific',
      course: 'REINVEST',
      reinvestmentOffered: true,
      redemption: null,
      distributionsTotal: '12345',
      reinvestedTotal: '12345',
      lastDistribution: { settlementDate: '2026-07-10', paymentDate: '2026-07-15', net: '4115' },
    },
    {
      fundCode: 'DEMOF002',
      fundShortName: 'ひかり世界株FoF',
      accountType: 'specific',
      course: 'RECEIVE',
      reinvestmentOffered: true,
      redemption: { date: '2027-01-20', lastOrderDate: '2027-01-13' },
      distributionsTotal: '0',
      reinvestedTotal: '0',
      lastDistribution: null,
    },
  ],
};

/** One fund held and one sold out: 1,000,000 + 0 + 12,345 − 900,000 and 0 + 250,000 + 0 − 240,000. */
export const totalReturnsFixture: TotalReturns = {
  referenceDate: '2026-11-26',
  funds: [
    {
      fundCode: 'DEMOF001',
      fundName: 'さくらグローバル・バランスファンド（6資産均等型）',
      fundShortName: 'さくらグローバルバランス',
      held: true,
      valuation: '1000000',
      sold: '0',
      distributions: '12345',
      distributionsReinvested: '12345',
      bought: '900000',
      boughtByReinvestment: '12345',
      totalReturn: '112345',
    },
    {
      fundCode: 'DEMOF005',
      fundName: 'あおば日本株式インデックス',
      fundShortName: 'あおば日本株',
      held: false,
      valuation: '0',
      sold: '250000',
      distributions: '0',
      distributionsReinvested: '0',
      bought: '240000',
      boughtByReinvestment: '0',
      totalReturn: '10000',
    },
  ],
  total: {
    valuation: '1000000',
    sold: '250000',
    distributions: '12345',
    distributionsReinvested: '12345',
    bought: '1140000',
    boughtByReinvestment: '12345',
    totalReturn: '122345',
  },
};

export const assetsHandlers: RequestHandler[] = [
  http.get(FundLifePath.distributionCourses, () => HttpResponse.json(holdingDistributionsFixture)),
  http.get(FundLifePath.totalReturns, () => HttpResponse.json(totalReturnsFixture)),
  http.get(AssetsPath.assets, () => HttpResponse.json(assetsFixture)),
  http.get(AssetsPath.history, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const interval = query.get('interval') === 'month' ? 'month' : 'day';
    return HttpResponse.json(
      assetHistoryFixture(interval, query.get('from') ?? '2025-11-26', query.get('to') ?? '2026-11-26'),
    );
  }),
];
