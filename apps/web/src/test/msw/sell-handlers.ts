import type {
  AssetHolding,
  Assets,
  OrderEstimate,
  OrderResponse,
  ScheduledSell,
  ScheduledSellList,
} from '@fund/contracts';
import { FundsPath, PlansPath, TradingPath } from '@fund/contracts/paths';
import { buyFundFixture } from './buy-handlers';
import { orderFixture } from './order-fixture';
import { http, HttpResponse, type RequestHandler } from 'msw';

// The sell screen's fixtures (/trading/sell/DEMOF003): the fund held in the specific account and in the
// NISA 成長投資枠, as the demo customer 1000001 holds it; figures reconcile like the server's.

const fund = {
  code: 'DEMOF003',
  name: 'みなと日本株式インデックスファンド',
  shortName: 'みなと日本株インデックス',
};

/** 15,263口 in the specific account at 解約価額 38,573円: 評価額 ⌊15,263 × 38,573 ÷ 10,000⌋ = 58,873円. */
export const sellSpecificHolding = {
  value: '58873',
  bookValue: '59986',
  gainLoss: '-1113',
  dayChange: '-606',
  accountType: 'specific',
  fund,
  units: '15263',
  pendingSellUnits: '0',
  pendingSellValue: '0',
  costBasisPer10k: '39301',
  navDate: '2026-11-26',
  nav: '38573',
  cancellationPrice: '38573',
  previousNavDate: '2026-11-25',
} satisfies AssetHolding;

export const sellGrowthHolding = {
  value: '837813',
  bookValue: '800021',
  gainLoss: '37792',
  dayChange: '-8623',
  accountType: 'nisa2_growth',
  fund,
  units: '217202',
  pendingSellUnits: '0',
  pendingSellValue: '0',
  costBasisPer10k: '36833',
  navDate: '2026-11-26',
  nav: '38573',
  cancellationPrice: '38573',
  previousNavDate: '2026-11-25',
} satisfies AssetHolding;

/** `/v1/assets` with the given holdings (the totals are not what the sell screen reads). */
export function sellAssetsFixture(holdings: readonly AssetHolding[]): Assets {
  const zero = { value: '0', bookValue: '0', gainLoss: '0', dayChange: '0' };
  return {
    referenceDate: '2026-11-26',
    holdings: [...holdings],
    byAccountType: [],
    total: zero,
    cashBalance: '0',
    inTransit: { buys: '0', sells: '0' },
    totalAssets: '0',
  };
}

/** The fund the sell screen sells: the buy flow's fund (DEMOF003, its prospectus confirmed). */
export const sellFundFixture = buyFundFixture;

/** 10,000口 in the specific account: 38,573円 gross, 148円 refunded (a loss this year), 38,721円 net. */
export const sellEstimateFixture = {
  side: 'SELL',
  fundCode: 'DEMOF003',
  accountType: 'specific',
  orderType: 'QUANTITY',
  estimated: true,
  priceDate: '2026-11-26',
  pricePer10k: '38573',
  units: '10000',
  amount: '38573',
  points: '0',
  pointsValue: '0',
  cashAmount: '0',
  estimatedTax: '-148',
  estimatedNetProceeds: '38721',
  dates: {
    applicationDate: '2026-11-26',
    tradeDate: '2026-11-26',
    settlementDate: '2026-12-01',
    cancelDeadline: '2026-11-26T06:00:00.000Z',
  },
  nisa: null,
  prospectusConfirmed: true,
} satisfies OrderEstimate;

export const sellOrderFixture = orderFixture({
  id: '40000000-0000-4000-8000-000000000015',
  fundCode: 'DEMOF003',
  fundName: fund.name,
  channel: 'SELL',
  orderType: 'QUANTITY',
  requestedAmount: null,
  requestedUnits: '10000',
  reservedUnits: '10000',
  heldAmount: '0',
  paymentMethod: null,
});

/** A 定額 30,000円 instruction on odd months, in force. */
export const scheduledSellFixture = {
  id: '50000000-0000-4000-8000-000000000001',
  fund: { code: fund.code, name: fund.name, shortName: fund.shortName, redemptionDate: null },
  accountType: 'specific',
  type: 'AMOUNT',
  value: '30000',
  frequency: 'ODD_MONTHLY',
  status: 'ACTIVE',
  createdAt: '2025-08-22T00:00:00.000Z',
  updatedAt: '2025-08-22T00:00:00.000Z',
} satisfies ScheduledSell;

/**
 * Default answers of the calls the sell screen owns (decision 012): plausible fixtures typed with the
 * contracts, so whole-app tests render it; a test that asserts figures answers them itself.
 */
export const sellHandlers: RequestHandler[] = [
  http.get(FundsPath.fund, () => HttpResponse.json(sellFundFixture)),
  http.post(TradingPath.estimate, () => HttpResponse.json(sellEstimateFixture)),
  http.post(TradingPath.sell, () => HttpResponse.json({ order: sellOrderFixture } satisfies OrderResponse)),
  http.get(PlansPath.scheduledSells, () =>
    HttpResponse.json({ scheduledSells: [] } satisfies ScheduledSellList),
  ),
  http.post(PlansPath.scheduledSells, () => HttpResponse.json(scheduledSellFixture, { status: 201 })),
  http.put(PlansPath.scheduledSell, () => HttpResponse.json(scheduledSellFixture)),
  http.post(PlansPath.scheduledSellSuspend, () =>
    HttpResponse.json({ ...scheduledSellFixture, status: 'SUSPENDED' } satisfies ScheduledSell),
  ),
  http.post(PlansPath.scheduledSellResume, () => HttpResponse.json(scheduledSellFixture)),
  http.post(PlansPath.scheduledSellCancel, () =>
    HttpResponse.json({ ...scheduledSellFixture, status: 'CANCELED' } satisfies ScheduledSell),
  ),
];
