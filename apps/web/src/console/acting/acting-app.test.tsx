import type { InformationDetail, Informations } from '@fund/contracts';
import { AssetsPath, InformationsPath, OperatorConsolePath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setActedForCustomer } from '../../lib/api/act-as';
import { setAccessTokenSource } from '../../lib/api/services';
import { getValidAccessToken } from '../../lib/auth/access-token';
import { clearSessionUser, writeSessionUser } from '../../lib/auth/session-user';
import { createQueryClient } from '../../lib/query/query-client';
import { supportContact } from '../../config/support';
import { historyOrder, historyOrdersHandler } from '../../test/msw/history-handlers';
import { documentReadTestPath, mypageHandlers } from '../../test/msw/mypage-handlers';
import { tradingUnconfirmedFundFixture } from '../../test/msw/trading-list-handlers';
import { apiServer } from '../../test/msw/server';
import { getOperatorAccessToken } from '../auth/operator-session';
import { clearOperatorTokens } from '../auth/operator-token-store';
import { aokiKenta, seedOperatorSession } from '../test/console-fixtures';
import { actingRoutes } from './acting-app';

/** Every call the screens make: method, path and its act-as and bearer headers. */
const calls: { method: string; path: string; userId: string | null; authorization: string | null }[] = [];
const record = ({ request }: { request: Request }) => {
  calls.push({
    method: request.method,
    path: new URL(request.url).pathname,
    userId: request.headers.get('user-id'),
    authorization: request.headers.get('authorization'),
  });
};
let token: string;
let shownClient: ReturnType<typeof createQueryClient> | undefined;

beforeEach(() => {
  calls.length = 0;
  token = seedOperatorSession();
  // as the admin build's start does (console/main.tsx)
  setAccessTokenSource(getOperatorAccessToken);
  setActedForCustomer('1000001');
  apiServer.events.on('request:start', record);
  apiServer.use(http.get(OperatorConsolePath.customer, () => HttpResponse.json(aokiKenta)));
});

afterEach(async () => {
  // the screens unmount and their queries (retries, prefetches) stop before the operator's tokens go, or a
  // late query would find no session and start a sign-in
  cleanup();
  await shownClient?.cancelQueries();
  shownClient?.clear();
  shownClient = undefined;
  apiServer.events.removeListener('request:start', record);
  setAccessTokenSource(getValidAccessToken);
  setActedForCustomer(undefined);
  clearOperatorTokens();
});

/** The calls that would change something: none may leave an acting screen. */
const writeCalls = () => calls.filter((call) => call.method !== 'GET');

/** Where the customer's page links, inside the acting frame. */
function pageLinks(): string[] {
  return [...document.querySelectorAll('.acting-page a[href]')].map(
    (link) => link.getAttribute('href') ?? '',
  );
}

/** Links to the write screens (lib/read-only), the identity service's settings, a mail draft. */
const writeLink =
  /\/trading\/(buy|sell|scheduledBuy|monthlyDeposit)|\/saisonConnect|\/mypage\/changeAgent|\/account|^mailto:/;

function renderActing(path: string) {
  const queryClient = createQueryClient();
  shownClient = queryClient;
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

  it('says the customer’s screens are closed for maintenance when the customer API answers 503-000', async () => {
    apiServer.use(
      http.get(AssetsPath.assets, () =>
        HttpResponse.json({ code: '503-000', message: 'メンテナンス中です' }, { status: 503 }),
      ),
    );
    renderActing('/assets');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ただいまメンテナンス中です' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('お客さまの画面を表示できません');
    // the console's own call still answered: the operator still sees whom they opened
    expect(screen.getByRole('region', { name: '代理閲覧中のお客さま' })).toHaveTextContent('青木 健太 さま');
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeEnabled();
  });

  it('answers a customer screen the console does not show (a write flow) with a page saying so', async () => {
    renderActing('/trading/buy/DEMOF001/input');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'この画面は代理閲覧では表示できません' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/表示できるのは/)).toHaveTextContent(
      '代理閲覧で表示できるのは、ホーム、資産状況、NISA口座、入出金・取引履歴、取引、お知らせ、マイページです。',
    );
  });

  it('offers the customer app’s 取引, お知らせ and マイページ as tabs too, after 入出金・取引履歴', async () => {
    renderActing('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'お客さまの画面' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'ホーム',
      '資産状況',
      'NISA口座',
      '入出金・取引履歴',
      '取引',
      'お知らせ',
      'マイページ',
    ]);
  });
});

describe('取引 while acting: the funds and plans shown, nothing to change', () => {
  it('shows the plans as disabled rows and the prospectus confirmation disabled, and sends no write', async () => {
    renderActing('/trading');
    expect(await screen.findByRole('heading', { level: 1, name: '取引' })).toBeInTheDocument();
    for (const list of ['積立の一覧', '定期売却の一覧', '毎月の入金']) {
      const rows = within(await screen.findByRole('list', { name: list })).getAllByRole('button');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toBeDisabled();
        expect(row).toHaveAttribute('title', '代理閲覧中のため操作できません');
      }
    }
    expect(within(screen.getByRole('list', { name: '積立の一覧' })).getByRole('button')).toHaveTextContent(
      '月30,000円',
    );

    await userEvent.click(
      screen.getByRole('button', {
        name: `${tradingUnconfirmedFundFixture.shortName}のチャート・目論見書・購入`,
      }),
    );
    const confirm = await screen.findByRole('button', { name: '目論見書を確認しました' });
    expect(confirm).toBeDisabled();
    await userEvent.click(confirm);
    expect(pageLinks().filter((href) => writeLink.test(href))).toEqual([]);
    expect(writeCalls()).toEqual([]);
  });
});

describe('the opened customer’s account type decides what the screens say while acting', () => {
  afterEach(() => clearSessionUser());

  it('shows a corporation’s note on 取引, not the role of the customer last signed in to this browser', async () => {
    // the same browser was used for the customer app by an adult customer
    writeSessionUser({
      name: '山田 花子',
      branchCode: '001',
      accountNumber: '1000009',
      accountRole: 'ADULT',
    });
    apiServer.use(
      http.get(OperatorConsolePath.customer, () =>
        HttpResponse.json({ ...aokiKenta, accountRole: 'CORPORATION' }),
      ),
    );
    renderActing('/trading');
    expect(await screen.findByRole('heading', { level: 1, name: '取引' })).toBeInTheDocument();
    expect(await screen.findByText('法人口座のお客さまへ')).toBeInTheDocument();
  });
});

describe('お知らせ while acting: the notices read, none marked read', () => {
  const noticeId = '20000000-0000-4000-8000-000000000001';
  const notice = {
    id: noticeId,
    category: 'important',
    title: 'システムメンテナンスのお知らせ',
    publishedAt: '2026-11-15T15:30:00.000Z',
    read: false,
  } satisfies Informations['informations'][number];

  beforeEach(() => {
    apiServer.use(
      http.get(InformationsPath.list, () =>
        HttpResponse.json({
          informations: [notice],
          paging: { page: 1, pageSize: 20, total: 1 },
        } satisfies Informations),
      ),
      http.get(InformationsPath.detail, () =>
        HttpResponse.json({ information: { ...notice, body: '<p>本文</p>' } } satisfies InformationDetail),
      ),
      http.put(InformationsPath.read, () => HttpResponse.json({}, { status: 403 })),
    );
  });

  it('opens an unread notice without marking it read: it stays unread for the customer', async () => {
    renderActing('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせ' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: /システムメンテナンスのお知らせ/ }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'システムメンテナンスのお知らせ' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('本文')).toBeInTheDocument();
    // the customer app marks the notice read from the effect that runs as it shows; give its call time
    await new Promise((resolve) => setTimeout(resolve, 50));
    await userEvent.click(screen.getByRole('button', { name: 'お知らせ一覧へ戻る' }));
    expect(await screen.findByRole('link', { name: /システムメンテナンスのお知らせ/ })).toHaveTextContent(
      '未読',
    );
    expect(writeCalls()).toEqual([]);
    expect(
      calls.filter((call) => call.path.startsWith('/v1/informations')).map((call) => call.userId),
    ).toEqual(expect.arrayContaining(['1000001']));
  });
});

describe('マイページ while acting: what the customer sees, without sign-out or settings', () => {
  it('hides the customer’s sign-out, disables the card link, the identity settings and the mail, and sends no write', async () => {
    renderActing('/mypage');
    expect(await screen.findByRole('heading', { level: 1, name: 'マイページ' })).toBeInTheDocument();
    expect(await screen.findByText('末尾 4242')).toBeInTheDocument();
    for (const name of [
      '登録カードを変更する',
      'ログイン中の端末・ログイン履歴を管理する',
      'パスワードを変更する',
      'パスキーを登録する',
      '認証アプリを設定する',
      'メールによる確認コードを設定する',
      'メールアドレスを変更する',
      supportContact.mailAddress,
    ]) {
      const control = await screen.findByRole('button', { name });
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('title', '代理閲覧中のため操作できません');
    }
    // the customer's sign-out is not offered; the console's own stays in its header
    expect(screen.queryByRole('heading', { name: 'ログアウト' })).toBeNull();
    expect(screen.queryByRole('button', { name: /端末からログアウト/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'ログアウト' })).toHaveLength(1);
    // お客さま情報 comes from a customer session the console does not have: the banner names the customer
    expect(screen.queryByRole('heading', { name: 'お客さま情報' })).toBeNull();
    expect(pageLinks().filter((href) => writeLink.test(href))).toEqual([]);
    expect(pageLinks()).toContain('/notifications');
    expect(writeCalls()).toEqual([]);
  });

  it('asks the identity service nothing: it knows only the signed-in person, and would send the console to the customer sign-in', async () => {
    renderActing('/mypage');
    expect(await screen.findByRole('heading', { level: 1, name: 'マイページ' })).toBeInTheDocument();
    expect(await screen.findByTestId('last-sign-in')).toBeInTheDocument();
    expect(
      screen.getByText('ログイン中の端末とログイン履歴は、代理閲覧では表示できません。'),
    ).toBeInTheDocument();
    expect(screen.getByText('送信先のメールアドレスは、代理閲覧では表示できません。')).toBeInTheDocument();
    expect(calls.filter((call) => !call.path.startsWith('/v1/'))).toEqual([]);
    expect(
      calls.filter((call) => call.userId !== '1000001' && call.path !== '/v1/operator/customers/1000001'),
    ).toEqual([]);
  });
});

describe('マイページ’s 電子交付書面 while acting: a document opened, none marked read', () => {
  beforeEach(() => {
    apiServer.use(
      ...mypageHandlers,
      http.put(documentReadTestPath, () => HttpResponse.json({}, { status: 403 })),
    );
  });

  it('opens an unread document without marking it read: it stays 未読 for the customer', async () => {
    renderActing('/mypage');
    expect(await screen.findByRole('heading', { level: 1, name: 'マイページ' })).toBeInTheDocument();
    const row = await screen.findByRole('button', { name: /取引残高報告書（2026年9月30日現在）/ });
    expect(row).toHaveTextContent('未読');
    await userEvent.click(row);
    expect(await screen.findByRole('cell', { name: '青木 健太 様' })).toBeInTheDocument();
    // the customer app marks the document read from the effect that runs as it shows; give its call time
    await new Promise((resolve) => setTimeout(resolve, 50));
    await userEvent.click(screen.getByRole('button', { name: '一覧に戻る' }));
    expect(
      await screen.findByRole('button', { name: /取引残高報告書（2026年9月30日現在）/ }),
    ).toHaveTextContent('未読');
    expect(writeCalls()).toEqual([]);
    expect(calls.filter((call) => call.path.startsWith('/v1/documents')).map((call) => call.userId)).toEqual(
      expect.arrayContaining(['1000001']),
    );
  });
});
