import type { Cashflows } from '@fund/contracts';
import { HistoryPath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedSignedInSession } from '../../lib/auth/test/fake-session';
import { createQueryClient } from '../../lib/query/query-client';
import { historyCashflow, historyHandlers } from '../../test/msw/history-handlers';
import { answerFirstWith, apiServer } from '../../test/msw/server';
import { CashflowsPage } from './cashflows-page';

// issue 25: 入出金 listed a sale's proceeds but no line for the money a buy took. One stated rule
// (decision 038): every movement of お預り金, a buy's payment as 出金 on its 受渡日.

answerFirstWith(historyHandlers);

beforeEach(() => seedSignedInSession());

describe('入出金', () => {
  it('states what it lists, and shows a buy paid from お預り金 as 出金 beside a sale as 入金', async () => {
    apiServer.use(
      http.get(HistoryPath.cashflows, () =>
        HttpResponse.json({
          cashflows: [
            {
              ...historyCashflow,
              id: '30000000-0000-4000-8000-000000000401',
              type: 'deposit',
              amount: '10000',
              occurredOn: '2026-11-16',
              description: '解約代金',
            },
            {
              ...historyCashflow,
              id: '30000000-0000-4000-8000-000000000402',
              type: 'withdraw',
              amount: '23000',
              occurredOn: '2026-11-05',
              description: '買付代金',
            },
          ],
          paging: { page: 1, pageSize: 20, total: 2 },
        } satisfies Cashflows),
      ),
    );
    const router = createMemoryRouter([{ path: '/cashflows', element: <CashflowsPage /> }], {
      initialEntries: ['/cashflows'],
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: '入出金の履歴' });
    expect(
      screen.getByText(/お預り金に入ったお金.*と、出ていったお金（お預り金からお支払いした買付代金/),
    ).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('買付代金');
    expect(rows[1]).toHaveTextContent('出金');
    expect(rows[1]).toHaveTextContent('23,000円');
  });
});
