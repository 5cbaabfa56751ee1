import type { OrdersResponse, OrderView } from '@fund/contracts';
import { describe, expect, it } from 'vitest';
import { historyOrder } from '../../../test/msw/history-handlers';
import { ordersShown, type OrdersPage } from './get-orders';

const order = (id: string, createdAt: string): OrderView => ({ ...historyOrder, id, createdAt });
const part = (orders: OrderView[], page: number, total: number): OrdersResponse => ({
  orders,
  page,
  pageSize: 2,
  total,
});

describe('受渡済 = TRADED and COMPLETED, two API lists merged newest first', () => {
  it('holds back an order an unloaded order of the other list could precede, so the list has no gap', () => {
    const traded = [order('t1', '2026-11-20T00:00:00Z'), order('t2', '2026-11-01T00:00:00Z')];
    const completed = [order('c1', '2026-11-10T00:00:00Z')];
    // TRADED has a third order not loaded yet (older than t2, but maybe newer than nothing else shown)
    const first: OrdersPage = { parts: [part(traded, 1, 3), part(completed, 1, 1)] };
    expect(ordersShown({ pages: [first], pageParams: [[1, 1]] }).map((o) => o.id)).toEqual([
      't1',
      'c1',
      't2',
    ]);

    const completedMore = [order('c1', '2026-11-10T00:00:00Z'), order('c2', '2026-10-01T00:00:00Z')];
    const second: OrdersPage = { parts: [part(traded, 1, 2), part(completedMore, 1, 4)] };
    // c2 is older than t2 and COMPLETED has more: nothing older than c2 can be missing, but t2 is fine
    expect(ordersShown({ pages: [second], pageParams: [[1, 1]] }).map((o) => o.id)).toEqual([
      't1',
      'c1',
      't2',
      'c2',
    ]);

    const newestTail: OrdersPage = {
      parts: [part([order('t1', '2026-11-20T00:00:00Z')], 1, 5), part(completedMore, 1, 2)],
    };
    // TRADED's next page may hold orders between t1 and c1: c1 and c2 wait for it
    expect(ordersShown({ pages: [newestTail], pageParams: [[1, 1]] }).map((o) => o.id)).toEqual(['t1']);
  });
});
