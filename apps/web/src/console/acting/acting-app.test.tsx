import { OperatorConsolePath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setActAsUserId } from '../../lib/api/act-as';
import { setAccessTokenSource } from '../../lib/api/services';
import { getValidAccessToken } from '../../lib/auth/access-token';
import { createQueryClient } from '../../lib/query/query-client';
import { historyOrder, historyOrdersHandler } from '../../test/msw/history-handlers';
import { apiServer } from '../../test/msw/server';
import { getOperatorAccessToken } from '../auth/operator-session';
import { clearOperatorTokens } from '../auth/operator-token-store';
import { aokiKenta, seedOperatorSession } from '../test/console-fixtures';
import { actingRoutes } from './acting-app';

/** Every call the screens make: path and its act-as and bearer headers. */
const calls: { path: string; userId: string | null; authorization: string | null }[] = [];
const record = ({ request }: { request: Request }) => {
  calls.push({
    path: new URL(request.url).pathname,
    userId: request.headers.get('user-id'),
    authorization: request.headers.get('authorization'),
  });
};
let token: string;

beforeEach(() => {
  calls.length = 0;
  token = seedOperatorSession();
  // as the admin build's start does (console/main.tsx)
  setAccessTokenSource(getOperatorAccessToken);
  setActAsUserId('1000001');
  apiServer.events.on('request:start', record);
  apiServer.use(http.get(OperatorConsolePath.customer, () => HttpResponse.json(aokiKenta)));
});

afterEach(() => {
  apiServer.events.removeListener('request:start', record);
  setAccessTokenSource(getValidAccessToken);
  setActAsUserId(undefined);
  clearOperatorTokens();
});

function renderActing(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(actingRoutes(queryClient, '1000001'), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the customer’s screens in the console (acting for 1000001)', () => {
  it('shows 資産状況 under a banner naming the customer, with buy and sell disabled', async () => {
    renderActing('/assets');
    expect(await screen.findByRole('heading', { level: 1, name: '資産状況' })).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: '代理閲覧中のお客さま' });
    expect(banner).toHaveTextContent(
      '青木 健太 さま（口座番号 1000001・個人・部店 001）の画面を代理で閲覧しています。',
    );
    expect(banner).toHaveTextContent('閲覧のみです。');
    const sells = await screen.findAllByRole('button', { name: /売却/ });
    expect(sells.length).toBeGreaterThan(0);
    for (const sell of sells) expect(sell).toBeDisabled();
    expect(screen.queryAllByRole('link', { name: /売却|購入する$/ })).toEqual([]);
  });

  it('sends every call of the customer’s screens with the operator token and user-id 1000001', async () => {
    renderActing('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'お客さまの画面' })).getByRole('link', {
        name: '入出金・取引履歴',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '入出金' })).toBeInTheDocument();
    const customerCalls = calls.filter((call) => !call.path.startsWith('/v1/operator/'));
    expect(customerCalls.length).toBeGreaterThan(3);
    expect(customerCalls.filter((call) => call.userId !== '1000001')).toEqual([]);
    expect(calls.filter((call) => call.authorization !== `Bearer ${token}`)).toEqual([]);
    // the console's own call names nobody
    expect(calls.find((call) => call.path === '/v1/operator/customers/1000001')?.userId).toBeNull();
  });

  it('shows the pending order’s 取消 disabled', async () => {
    apiServer.use(historyOrdersHandler);
    renderActing('/cashflows?tab=orders');
    const card = await screen.findByRole('listitem', { name: historyOrder.fundName });
    const cancel = within(card).getByRole('button', { name: '取消' });
    expect(cancel).toBeDisabled();
    await userEvent.click(cancel);
    expect(within(card).queryByText('この注文を取り消しますか？')).toBeNull();
  });

  it('for a customer the operator may not serve: the refusal only, and none of the customer’s calls', async () => {
    apiServer.use(
      http.get(OperatorConsolePath.customer, () =>
        HttpResponse.json(
          { code: '403-000', message: 'このお客さまの代理操作は許可されていません。' },
          { status: 403 },
        ),
      ),
    );
    renderActing('/assets');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'お客さまの画面を開けません' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('このお客さまの代理操作は許可されていません。');
    expect(screen.queryByRole('region', { name: '代理閲覧中のお客さま' })).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/v1/operator/customers/1000001']);
  });

  it('answers a customer screen the console does not show (a write flow) with a page saying so', async () => {
    renderActing('/trading/buy/DEMOF001/input');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'この画面は代理閲覧では表示できません' }),
    ).toBeInTheDocument();
  });
});
