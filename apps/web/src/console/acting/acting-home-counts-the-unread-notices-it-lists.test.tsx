import type { InformationBadge, Informations } from '@fund/contracts';
import { InformationsPath, OperatorConsolePath, RootLoadingPath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setActedForCustomer } from '../../lib/api/act-as';
import { setAccessTokenSource } from '../../lib/api/services';
import { getValidAccessToken } from '../../lib/auth/access-token';
import { createQueryClient } from '../../lib/query/query-client';
import { useUiStore } from '../../lib/store/ui-store';
import { apiServer } from '../../test/msw/server';
import { getOperatorAccessToken } from '../auth/operator-session';
import { clearOperatorTokens } from '../auth/operator-token-store';
import { aokiKenta, seedOperatorSession } from '../test/console-fixtures';
import { actingRoutes } from './acting-app';

// issue 25: the acting ホーム said 「未読のお知らせはありません。」 right above notices marked 未読: the acting
// screens never asked the unread count, which stayed 0.

const unreadNotice = (index: number) => ({
  id: `00000000-0000-4000-8000-00000000070${index}`,
  category: 'important' as const,
  title: `重要なお知らせ ${index}`,
  publishedAt: '2026-11-20T01:00:00.000Z',
  read: false,
});

beforeEach(() => {
  seedOperatorSession();
  setAccessTokenSource(getOperatorAccessToken);
  setActedForCustomer('1000001');
  useUiStore.getState().setUnreadInformationCount(0);
  apiServer.use(
    http.get(OperatorConsolePath.customer, () => HttpResponse.json(aokiKenta)),
    http.get(InformationsPath.list, () =>
      HttpResponse.json({
        informations: [unreadNotice(1), unreadNotice(2)],
        paging: { page: 1, pageSize: 3, total: 2 },
      } satisfies Informations),
    ),
  );
});

afterEach(() => {
  setAccessTokenSource(getValidAccessToken);
  setActedForCustomer(undefined);
  clearOperatorTokens();
});

function renderActingHome() {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(actingRoutes(queryClient, '1000001'), { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the acting ホーム’s お知らせ', () => {
  it('counts the customer’s unread notices (badges 2 + 1) instead of saying there are none', async () => {
    apiServer.use(
      http.get(RootLoadingPath.informationBadge, () =>
        HttpResponse.json({ data: { informations: { unreadAll: 2 } } } satisfies InformationBadge),
      ),
      http.get(RootLoadingPath.informationOthersBadge, () =>
        HttpResponse.json({ data: { informations: { unreadAll: 1 } } } satisfies InformationBadge),
      ),
    );
    renderActingHome();
    expect(
      await screen.findByRole('link', { name: /重要なお知らせ 1/ }, { timeout: 4000 }),
    ).toHaveTextContent('未読');
    await waitFor(() =>
      expect(screen.getByTestId('unread-count')).toHaveTextContent('未読のお知らせが3件あります。'),
    );
  });

  it('never says none while it lists unread notices, even when the badges fail', async () => {
    apiServer.use(
      http.get(RootLoadingPath.informationBadge, () => HttpResponse.json({}, { status: 500 })),
      http.get(RootLoadingPath.informationOthersBadge, () => HttpResponse.json({}, { status: 500 })),
    );
    renderActingHome();
    expect(
      await screen.findByRole('link', { name: /重要なお知らせ 2/ }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('unread-count')).not.toHaveTextContent('未読のお知らせはありません。');
    expect(screen.getByTestId('unread-count')).toHaveTextContent('未読のお知らせが2件あります。');
  });
});
