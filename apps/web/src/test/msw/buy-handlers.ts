import type { FundDetail, OrderEstimate, OrderResponse } from '@fund/contracts';
import { FundsPath, TradingPath } from '@fund/contracts/paths';
import { orderFixture } from './order-fixture';
import { http, HttpResponse, type RequestHandler } from 'msw';

/** A fund on sale whose current prospectus the customer has confirmed. */
export const buyFundFixture = {
  fund: {
    code: 'DEMOF003',
    name: 'みなと日本株式インデックスファンド',
    shortName: 'みなと日本株インデックス',
    managementCompany: 'みなとアセットマネジメント株式会社',
    assetClass: 'EQUITY',
    riskLevel: 4,
    foreign: false,
    salesStatus: 'ON_SALE',
    navDate: '2026-11-26',
    nav: '38573',
    dayChange: '-397',
    cancellationPrice: '38573',
    retentionFeeBasisPoints: 0,
    nisa: { tsumitate: true, growth: true },
    priceLagDays: 0,
    buySettlementLagDays: 3,
    sellSettlementLagDays: 3,
    cutOffTime: '15:00',
    settlement: { months: [7], day: 10 },
    reinvestmentOffered: true,
    redemption: null,
    inceptionDate: '2016-11-01',
    prospectus: {
      version: 2,
      effectiveOn: '2024-01-04',
      documentUrl: 'https://funds.example.jp/DEMOF003/prospectus-v2.pdf',
      confirmed: true,
      revisedSinceConfirmation: false,
    },
  },
} satisfies FundDetail;

/** The estimate of a 50,000-yen buy in 特定口座 without points (the server's answer for DEMOF003). */
export const buyEstimateFixture = {
  side: 'BUY',
  fundCode: 'DEMOF003',
  accountType: 'specific',
  orderType: 'AMOUNT',
  estimated: true,
  priceDate: '2026-11-26',
  pricePer10k: '38573',
  units: '12962',
  amount: '50000',
  points: '0',
  pointsValue: '0',
  cashAmount: '50000',
  estimatedTax: '0',
  estimatedNetProceeds: null,
  dates: {
    applicationDate: '2026-11-26',
    tradeDate: '2026-11-26',
    settlementDate: '2026-12-01',
    cancelDeadline: '2026-11-26T06:00:00.000Z',
  },
  nisa: null,
  prospectusConfirmed: true,
} satisfies OrderEstimate;

/** The buy of the estimate above, accepted. */
export const buyOrderFixture = orderFixture({
  id: '50000000-0000-4000-8000-000000000001',
  fundCode: 'DEMOF003',
  fundName: 'みなと日本株式インデックスファンド',
});

/**
 * Default answers of the calls only the buy flow makes (decision 012): the fund it buys, the estimate,
 * the buy and the placed order. The point balance, お預り金 and NISA room come from the home, assets and
 * NISA handlers. A test that asserts figures answers the calls itself.
 */
export const buyHandlers: RequestHandler[] = [
  http.get(FundsPath.fund, () => HttpResponse.json(buyFundFixture)),
  http.post(TradingPath.estimate, () => HttpResponse.json(buyEstimateFixture)),
  http.post(TradingPath.buy, () =>
    HttpResponse.json({ order: buyOrderFixture } satisfies OrderResponse, { status: 201 }),
  ),
  http.get(TradingPath.order, () => HttpResponse.json({ order: buyOrderFixture } satisfies OrderResponse)),
];
