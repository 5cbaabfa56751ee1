import type { Assets, NisaStatusByYear } from '@fund/contracts';
import { AssetsPath, HistoryPath } from '@fund/contracts/paths';
import { http, HttpResponse, type RequestHandler } from 'msw';

/** The year the default answers treat as this year. */
export const nisaFixtureYear = 2026;

/** A customer with ordinary NISA use: 簿価 2,610,001 held, 229,999 sold in 2025. */
export function nisaStatusFixture(year: number): NisaStatusByYear {
  const past = year < nisaFixtureYear;
  const future = year > nisaFixtureYear;
  return {
    year,
    tsumitate: {
      annualLimit: '1200000',
      used: future ? '0' : '330000',
      pending: past || future ? '0' : '30000',
      remaining: future ? '1200000' : '870000',
    },
    growth: {
      annualLimit: '2400000',
      used: future ? '0' : '520000',
      pending: '0',
      remaining: future ? '2400000' : '1880000',
    },
    lifetime: {
      limit: '18000000',
      used: '2610001',
      remaining: '15389999',
      growthLimit: '12000000',
      growthUsed: '1590001',
      growthRemaining: '10409999',
      freedFromNextYear: year === nisaFixtureYear ? '100000' : '0',
    },
  };
}

const figures = { value: '1263721', bookValue: '1020690', gainLoss: '243031', dayChange: '3081' };
const fund = { code: 'DEMOF001', name: 'さくらグローバル・バランスファンド', shortName: 'さくらバランス' };
const priced = {
  pendingSellUnits: '0',
  pendingSellValue: '0',
  navDate: '2026-11-25',
  nav: '17227',
  cancellationPrice: '17227',
  previousNavDate: '2026-11-24',
};

/** `/v1/assets` with one holding in a taxable account and one in each 2024 NISA bucket. */
export const nisaAssetsFixture: Assets = {
  referenceDate: '2026-11-26',
  holdings: [
    { ...figures, ...priced, accountType: 'specific', fund, units: '669697', costBasisPer10k: '12138' },
    {
      ...figures,
      ...priced,
      accountType: 'nisa2_tsumitate',
      fund,
      units: '733570',
      costBasisPer10k: '13914',
    },
    {
      ...priced,
      value: '371510',
      bookValue: '300000',
      gainLoss: '71510',
      dayChange: '906',
      accountType: 'nisa2_growth',
      fund: { code: 'DEMOF003', name: 'みなと日本株式インデックスファンド', shortName: 'みなと日本株' },
      units: '215656',
      costBasisPer10k: '13911',
    },
  ],
  byAccountType: [],
  total: figures,
  cashBalance: '0',
  inTransit: { buys: '0', sells: '0' },
  totalAssets: figures.value,
};

/**
 * Default answers of the calls the NISA screen owns (decision 012): plausible fixtures typed with the
 * contracts, so whole-app tests render it; a test that asserts figures answers them itself. `/v1/assets`
 * is also answered by the assets screen's list when it has one (listed first, it wins).
 */
export const nisaHandlers: RequestHandler[] = [
  http.get(HistoryPath.nisaStatusByYear, ({ request }) => {
    const year = new URL(request.url).searchParams.get('year');
    return HttpResponse.json(nisaStatusFixture(year === null ? nisaFixtureYear : Number(year)));
  }),
  http.get(AssetsPath.assets, () => HttpResponse.json(nisaAssetsFixture)),
];
