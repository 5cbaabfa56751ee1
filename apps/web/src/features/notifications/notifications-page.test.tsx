import type { InformationDetail, InformationReadAnswer, Informations } from '@fund/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedSignedInSession } from '../../lib/auth/test/fake-session';
import { createQueryClient } from '../../lib/query/query-client';
import { useUiStore } from '../../lib/store/ui-store';
import { NotificationsPage } from './notifications-page';

import { apiServer } from '../../test/msw/server';

const maintenanceId = '20000000-0000-4000-8000-000000000001';
const yearEndId = '20000000-0000-4000-8000-000000000002';
const campaignId = '20000000-0000-4000-8000-000000000004';

const lists: Record<string, Informations> = {
  important: {
    informations: [
      {
        id: maintenanceId,
        category: 'important',
        title: 'システムメンテナンスのお知らせ',
        // 2026-11-16 00:30 JST is still 15 November in UTC
        publishedAt: '2026-11-15T15:30:00.000Z',
        read: false,
      },
      {
        id: yearEndId,
        category: 'important',
        title: '年末年始の営業日',
        publishedAt: '2026-11-10T00:00:00.000Z',
        read: true,
      },
    ],
    paging: { page: 1, pageSize: 20, total: 2 },
  },
  others: {
    informations: [
      {
        id: campaignId,
        category: 'others',
        title: 'キャンペーンのご案内',
        publishedAt: '2026-11-02T00:00:00.000Z',
        read: false,
      },
    ],
    paging: { page: 1, pageSize: 20, total: 1 },
  },
};

const detail: InformationDetail = {
  information: {
    ...lists['important']!.informations[0]!,
    body: '<p>本文</p><img src=x onerror="window.__xss=1"><div class="evil fs-s">小さな文字</div><a href="javascript:alert(1)">危険</a>',
  },
};

/** The calls the page made: the list queries it asked for, and the notices it marked read. */
let listQueries: URLSearchParams[] = [];
let reads: string[] = [];

const notFound = () =>
  HttpResponse.json({ code: '404-000', message: 'ご指定のお知らせが見つかりません。' }, { status: 404 });

function answerNotices(detailAnswer: InformationDetail = detail) {
  apiServer.use(
    http.get('/v1/informations', ({ request }) => {
      const query = new URL(request.url).searchParams;
      listQueries.push(query);
      return HttpResponse.json(lists[query.get('category') ?? '']);
    }),
    http.get('/v1/informations/:id', ({ params }) =>
      params['id'] === maintenanceId ? HttpResponse.json(detailAnswer) : notFound(),
    ),
    http.put('/v1/informations/:id/read', ({ params }) => {
      reads.push(String(params['id']));
      return HttpResponse.json({
        information: { id: maintenanceId, read: true, readAt: '2026-11-21T00:00:00.000Z' },
        unread: { important: 2, others: 2 },
      } satisfies InformationReadAnswer);
    }),
  );
}

function renderPage(entry = '/notifications') {
  const router = createMemoryRouter([{ path: '/notifications', element: <NotificationsPage /> }], {
    initialEntries: [entry],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  listQueries = [];
  reads = [];
  seedSignedInSession();
  answerNotices();
});

describe('NotificationsPage', () => {
  it('lists the important notices first, with their JST day and an unread mark', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'お知らせ' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('お知らせを読み込んでいます');
    const tab = screen.getByRole('tab', { name: '重要なお知らせ' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('システムメンテナンスのお知らせ');
    expect(items[0]).toHaveTextContent('2026年11月16日');
    expect(items[0]).toHaveTextContent('未読');
    expect(items[1]).not.toHaveTextContent('未読');
    expect(Object.fromEntries(listQueries[0] ?? [])).toEqual({
      category: 'important',
      page: '1',
      pageSize: '20',
    });
  });

  it('switches to the other notices with a click or the arrow keys', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('tab', { name: 'その他のお知らせ' }));
    expect(await screen.findByRole('link', { name: /キャンペーンのご案内/ })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('その他のお知らせ');
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('link', { name: /システムメンテナンスのお知らせ/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '重要なお知らせ' })).toHaveFocus();
  });

  it('opens a notice with its sanitised body, marks it read and lowers the menu badge', async () => {
    const user = userEvent.setup();
    useUiStore.getState().setUnreadInformationCount(5);
    renderPage();
    await user.click(await screen.findByRole('link', { name: /システムメンテナンスのお知らせ/ }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'システムメンテナンスのお知らせ' });
    await waitFor(() => expect(heading).toHaveFocus());
    const article = screen.getByRole('article');
    expect(within(article).getByText('本文')).toBeInTheDocument();
    expect(article.querySelector('[onerror]')).toBeNull();
    expect(article.querySelector('div.fs-s:not(.evil)')).toHaveTextContent('小さな文字');
    expect(within(article).getByText('危険')).not.toHaveAttribute('href');
    await waitFor(() => expect(useUiStore.getState().unreadInformationCount).toBe(4));
    expect(reads).toEqual([maintenanceId]);

    // back on the list the notice is read, and its link has the focus again
    await user.click(screen.getByRole('button', { name: 'お知らせ一覧へ戻る' }));
    const link = await screen.findByRole('link', { name: /システムメンテナンスのお知らせ/ });
    expect(link).not.toHaveTextContent('未読');
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('does not mark a read notice again', async () => {
    answerNotices({ information: { ...detail.information, read: true } });
    renderPage(`/notifications?id=${maintenanceId}`);
    await screen.findByRole('heading', { level: 2 });
    expect(reads).toEqual([]);
  });

  it('says so when there are no notices, and when they cannot be loaded', async () => {
    apiServer.use(
      http.get('/v1/informations', () =>
        HttpResponse.json({
          informations: [],
          paging: { page: 1, pageSize: 20, total: 0 },
        } satisfies Informations),
      ),
    );
    renderPage();
    expect(await screen.findByText('現在、お知らせはありません。')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    apiServer.use(http.get('/v1/informations', notFound, { once: true }));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('お知らせを読み込めませんでした。');
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });

  it('shows an error and a way back for a notice that cannot be found', async () => {
    renderPage('/notifications?id=20000000-0000-4000-8000-0000000000ff');
    expect(await screen.findByRole('alert')).toHaveTextContent('お知らせを表示できませんでした。');
    expect(screen.getByRole('button', { name: 'お知らせ一覧へ戻る' })).toBeInTheDocument();
    expect(reads).toEqual([]);
  });
});
