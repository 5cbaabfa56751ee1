import type { OrdersResponse, RecurringPurchaseList, SaisonConnectPoint } from '@fund/contracts';
import { PlansPath, SaisonConnectPath, TradingPath } from '@fund/contracts/paths';
import { orderFixture } from './order-fixture';
import { http, HttpResponse, type RequestHandler } from 'msw';

/** A 積立 plan by 口座振替 in the つみたて投資枠, in force. */
export const homePlanFixture = {
  id: '30000000-0000-4000-8000-000000000001',
  fund: {
    code: 'DEMOF001',
    name: 'デモ・グローバル株式インデックス',
    shortName: 'グローバル株式',
    redemptionDate: null,
  },
  accountType: 'nisa2_tsumitate',
  amount: '30000',
  bonus: null,
  paymentMethod: 'ACCOUNT_TRANSFER',
  status: 'ACTIVE',
  startMonth: '2024-01',
  pendingChange: null,
  createdAt: '2023-12-10T01:00:00.000Z',
  updatedAt: '2023-12-10T01:00:00.000Z',
} satisfies RecurringPurchaseList['recurringPurchases'][number];

/** A spot buy accepted today, not priced yet. */
export const homeOrderFixture = orderFixture({
  id: '40000000-0000-4000-8000-000000000001',
  fundCode: 'DEMOF001',
  fundName: 'デモ・グローバル株式インデックス',
  applicationDate: '2026-11-25',
  cancelDeadline: '2026-11-25T06:00:00.000Z',
  createdAt: '2026-11-25T01:00:00.000Z',
});

/**
 * Default answers of the calls the home screen owns (decision 012): plausible fixtures typed with the
 * contracts, so whole-app tests render it; a test that asserts figures answers them itself.
 */
export const homeHandlers: RequestHandler[] = [
  http.get(SaisonConnectPath.point, () =>
    HttpResponse.json({ point: { balance: '1500', asOf: '2026-11-25' } } satisfies SaisonConnectPoint),
  ),
  http.get(PlansPath.recurringPurchases, () =>
    HttpResponse.json({ recurringPurchases: [homePlanFixture] } satisfies RecurringPurchaseList),
  ),
  http.get(TradingPath.orders, ({ request }) => {
    const status = new URL(request.url).searchParams.get('status');
    const orders = status === homeOrderFixture.status ? [homeOrderFixture] : [];
    return HttpResponse.json({
      orders,
      page: 1,
      pageSize: 20,
      total: orders.length,
    } satisfies OrdersResponse);
  }),
];
