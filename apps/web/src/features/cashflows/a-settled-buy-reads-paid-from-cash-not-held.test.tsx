import type { OrdersResponse, OrderView } from '@fund/contracts';
import { TradingPath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedSignedInSession } from '../../lib/auth/test/fake-session';
import { createQueryClient } from '../../lib/query/query-client';
import { historyHandlers, historyOrder } from '../../test/msw/history-handlers';
import { answerFirstWith, apiServer } from '../../test/msw/server';
import { CashflowsPage } from './cashflows-page';

// issue 25: a 受渡済 buy of 23,000円 still read 「お預り金から確保中 23,000円」, money shown as held after it
// was spent. The line follows the order's status.

answerFirstWith(historyHandlers);

const buy = (status: OrderView['status'], executed: boolean): OrderView => ({
  ...historyOrder,
  id: `30000000-0000-4000-8000-0000000003${status === 'COMPLETED' ? '01' : '02'}`,
  fundName: `買付 ${status}`,
  status,
  cancelable: false,
  requestedAmount: '23000',
  heldAmount: '23000',
  executedPrice: executed ? '16769' : null,
  executedUnits: executed ? '13715' : null,
  executedAmount: executed ? '23000' : null,
});

/** The orders of their own status only (受渡済 asks for TRADED and COMPLETED separately). */
function answerOrders(orders: OrderView[]) {
  apiServer.use(
    http.get(TradingPath.orders, ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const mine = orders.filter((order) => status === null || order.status === status);
      return HttpResponse.json({
        orders: mine,
        page: 1,
        pageSize: 20,
        total: mine.length,
      } satisfies OrdersResponse);
    }),
  );
}

function renderOrders(entry: string) {
  const router = createMemoryRouter([{ path: '/cashflows', element: <CashflowsPage /> }], {
    initialEntries: [entry],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => seedSignedInSession());

describe('the cash line of a buy paid from お預り金', () => {
  it('reads paid, not held, once the buy is 受渡済', async () => {
    answerOrders([buy('COMPLETED', true)]);
    renderOrders('/cashflows?tab=orders&status=SETTLED');
    const card = await screen.findByRole('listitem', { name: '買付 COMPLETED' });
    expect(card).not.toHaveTextContent('確保中');
    expect(card).toHaveTextContent('お預り金からお支払い済み23,000円');
  });

  it('reads held while the order waits for its 受渡日', async () => {
    answerOrders([buy('ORDERED', false)]);
    renderOrders('/cashflows?tab=orders');
    const card = await screen.findByRole('listitem', { name: '買付 ORDERED' });
    expect(within(card).getByText('お預り金から確保中')).toBeInTheDocument();
  });
});
