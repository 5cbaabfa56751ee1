import type { Cashflows, OrdersResponse, OrderView, Trades } from '@fund/contracts';
import { HistoryPath, TradingPath } from '@fund/contracts/paths';
import { orderFixture } from './order-fixture';
import { http, HttpResponse, type RequestHandler } from 'msw';

// Plausible fixtures of the 入出金・取引履歴 screen, typed with the contracts, so whole-app tests render
// it; a test that asserts figures answers the calls itself.

export const historyCashflow: Cashflows['cashflows'][number] = {
  id: '30000000-0000-4000-8000-000000000001',
  type: 'deposit',
  amount: '30000',
  occurredOn: '2026-11-10',
  description: '定額入金',
  taxWithheld: '0',
};

export const historyTrade: Trades['trades'][number] = {
  id: '30000000-0000-4000-8000-000000000002',
  type: 'FUND',
  side: 'BUY',
  accountType: 'nisa2_tsumitate',
  fund: { code: 'DEMOF001', name: 'さくらグローバル・バランスファンド（6資産均等型）' },
  units: '17795',
  pricePer10k: '16858',
  amount: '30000',
  taxWithheld: '0',
  tradeDate: '2026-10-30',
  settlementDate: '2026-11-06',
};

export const historyOrder: OrderView = orderFixture({
  id: '30000000-0000-4000-8000-000000000003',
  fundCode: 'DEMOF001',
  fundName: 'さくらグローバル・バランスファンド（6資産均等型）',
  paymentMethod: null,
  applicationDate: '2026-11-27',
  tradeDate: '2026-11-30',
  settlementDate: '2026-12-04',
  cancelDeadline: '2026-11-27T06:00:00.000Z',
  createdAt: '2026-11-25T19:30:26.561Z',
});

const pageOf = (request: Request) => Number(new URL(request.url).searchParams.get('page') ?? '1');

/**
 * `GET /v1/orders` with one open order (for every status or ORDERED). Not among the defaults: the home
 * screen's list (home-handlers.ts) answers `/v1/orders` first, so the history tests `apiServer.use` it.
 */
export const historyOrdersHandler = http.get(TradingPath.orders, ({ request }) => {
  const status = new URL(request.url).searchParams.get('status');
  const orders = pageOf(request) === 1 && (status === null || status === 'ORDERED') ? [historyOrder] : [];
  return HttpResponse.json({
    orders,
    page: pageOf(request),
    pageSize: 20,
    total: orders.length,
  } satisfies OrdersResponse);
});

export const historyHandlers: RequestHandler[] = [
  http.get(HistoryPath.cashflows, ({ request }) =>
    HttpResponse.json({
      cashflows: pageOf(request) === 1 ? [historyCashflow] : [],
      paging: { page: pageOf(request), pageSize: 20, total: 1 },
    } satisfies Cashflows),
  ),
  http.get(HistoryPath.trades, ({ request }) =>
    HttpResponse.json({
      trades: pageOf(request) === 1 ? [historyTrade] : [],
      paging: { page: pageOf(request), pageSize: 20, total: 1 },
    } satisfies Trades),
  ),
];
