import type { OrderView } from '@fund/contracts';

/**
 * An order as `/v1/orders` answers it: by default a 50,000-yen spot buy by 口座振替 in the specific
 * account, accepted and not priced yet. Each screen's fixture names only what differs.
 */
export function orderFixture(
  order: Pick<OrderView, 'id' | 'fundCode' | 'fundName'> & Partial<OrderView>,
): OrderView {
  return {
    accountType: 'specific',
    channel: 'BUY',
    orderType: 'AMOUNT',
    status: 'ORDERED',
    requestedAmount: '50000',
    requestedUnits: null,
    reservedUnits: '0',
    heldAmount: '50000',
    executedUnits: null,
    executedAmount: null,
    executedPrice: null,
    pointsUsed: '0',
    pointsValue: '0',
    paymentMethod: 'ACCOUNT_TRANSFER',
    paymentStatus: 'NONE',
    nisaBucket: null,
    nisaAmount: '0',
    taxWithheld: '0',
    applicationDate: '2026-11-26',
    tradeDate: '2026-11-26',
    settlementDate: '2026-12-01',
    cancelDeadline: '2026-11-26T06:00:00.000Z',
    cancelable: true,
    createdAt: '2026-11-26T01:00:00.000Z',
    canceledAt: null,
    ...order,
  };
}
