import type { Cashflows, OrderResponse, OrdersResponse, OrderView, Trades } from '@fund/contracts';
import { HistoryPath, TradingPath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSignedInSession } from '../../lib/auth/test/fake-session';
import { createQueryClient } from '../../lib/query/query-client';
import { usePrivacyStore } from '../../lib/privacy/privacy-store';
import { useUiStore } from '../../lib/store/ui-store';
import {
  historyCashflow,
  historyOrder,
  historyOrdersHandler,
  historyTrade,
  historyHandlers,
} from '../../test/msw/history-handlers';
import { answerFirstWith, apiServer } from '../../test/msw/server';
import { CashflowsPage } from './cashflows-page';

answerFirstWith(historyHandlers);

function renderPage(entry = '/cashflows') {
  const router = createMemoryRouter([{ path: '/cashflows', element: <CashflowsPage /> }], {
    initialEntries: [entry],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const cashflow = (id: number, type: 'deposit' | 'withdraw', amount: string, occurredOn: string) => ({
  ...historyCashflow,
  id: `30000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  type,
  amount,
  occurredOn,
  description: type === 'deposit' ? '振込入金' : '定期売却代金のお支払い',
});

beforeEach(() => {
  seedSignedInSession();
  apiServer.use(historyOrdersHandler);
  // 26 November 2026 in Japan: 先月 is October
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T01:00:00+09:00'));
});
afterEach(() => {
  vi.useRealTimers();
  usePrivacyStore.getState().setAmountsHidden(false);
});

describe('入出金 tab', () => {
  it('shows each cashflow with its date and signed amount, and もっと見る keeps what was loaded', async () => {
    const requests: URLSearchParams[] = [];
    apiServer.use(
      http.get(HistoryPath.cashflows, ({ request }) => {
        const params = new URL(request.url).searchParams;
        requests.push(params);
        const page = Number(params.get('page'));
        const cashflows =
          page === 1
            ? [
                cashflow(1, 'withdraw', '28318', '2026-11-25'),
                cashflow(2, 'deposit', '3000000', '2026-10-01'),
              ]
            : [cashflow(3, 'deposit', '30000', '2026-09-10')];
        return HttpResponse.json({
          cashflows,
          paging: { page, pageSize: 20, total: 21 },
        } satisfies Cashflows);
      }),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: '入出金の履歴' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('定期売却代金のお支払い');
    expect(rows[0]).toHaveTextContent('2026年11月25日');
    expect(rows[0]).toHaveTextContent('−28,318円');
    expect(rows[1]).toHaveTextContent('+3,000,000円');
    expect(screen.getByText('21件中 2件を表示')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('−28,318円');
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('2026年9月10日');
    expect(requests.map((params) => params.get('page'))).toEqual(['1', '2']);
    expect(requests[0]?.get('pageSize')).toBe('20');
  });

  it('先月 asks for October and 入金 for deposits only; an empty result says so for that filter', async () => {
    const requests: URLSearchParams[] = [];
    apiServer.use(
      http.get(HistoryPath.cashflows, ({ request }) => {
        requests.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          cashflows: [],
          paging: { page: 1, pageSize: 20, total: 0 },
        } satisfies Cashflows);
      }),
    );
    const router = renderPage();
    expect(await screen.findByText('入出金の履歴はまだありません。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '先月' }));
    expect(await screen.findByText('先月の入出金はありません。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '入金' }));
    expect(await screen.findByText('先月の入金はありません。')).toBeInTheDocument();
    const last = requests.at(-1);
    expect(last?.get('from')).toBe('2026-10-01');
    expect(last?.get('to')).toBe('2026-10-31');
    expect(last?.get('type')).toBe('deposit');
    expect(router.state.location.search).toBe('?tab=cashflows&type=deposit&period=lastMonth');
    // すべて sends no type
    expect(requests[0]?.has('type')).toBe(false);
    expect(requests[0]?.has('from')).toBe(false);
  });

  it('shows a skeleton while loading, then an error with a retry that loads the list', async () => {
    let calls = 0;
    apiServer.use(
      http.get(HistoryPath.cashflows, async () => {
        calls += 1;
        await delay(50);
        if (calls === 1) {
          return HttpResponse.json(
            { code: '400-000', message: '入出金の履歴を取得できませんでした。' },
            { status: 400 },
          );
        }
        return HttpResponse.json({
          cashflows: [historyCashflow],
          paging: { page: 1, pageSize: 20, total: 1 },
        } satisfies Cashflows);
      }),
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('入出金の履歴を読み込んでいます');
    expect(await screen.findByRole('alert')).toHaveTextContent('入出金の履歴を表示できませんでした。');
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('定額入金')).toBeInTheDocument();
  });

  it('hides every amount with the privacy toggle on', async () => {
    usePrivacyStore.getState().setAmountsHidden(true);
    renderPage();
    const list = await screen.findByRole('list', { name: '入出金の履歴' });
    expect(list).not.toHaveTextContent('30,000円');
    expect(within(list).getByRole('img', { name: '非表示' })).toBeInTheDocument();
  });
});

describe('tabs in the address', () => {
  it('opens the tab the link names, and the back button returns to the previous tab', async () => {
    const router = renderPage('/cashflows?tab=orders');
    expect(await screen.findByRole('tab', { name: '注文' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: '取引履歴' }));
    expect(router.state.location.search).toBe('?tab=trades');
    expect(await screen.findByRole('list', { name: '取引履歴' })).toBeInTheDocument();
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '注文' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByRole('list', { name: '注文' })).toBeInTheDocument();
  });
});

describe('取引履歴 tab', () => {
  it('shows each trade with 約定日, 受渡日, price per 10,000口, units, amount and tax withheld or refunded', async () => {
    const requests: URLSearchParams[] = [];
    const sell: Trades['trades'][number] = {
      ...historyTrade,
      id: '30000000-0000-4000-8000-000000000101',
      side: 'SELL',
      accountType: 'specific',
      units: '17891',
      pricePer10k: '16769',
      amount: '28318',
      taxWithheld: '1683',
      tradeDate: '2026-11-17',
      settlementDate: '2026-11-25',
    };
    const refunded = { ...sell, id: '30000000-0000-4000-8000-000000000102', taxWithheld: '-420' };
    const deposit: Trades['trades'][number] = {
      ...historyTrade,
      id: '30000000-0000-4000-8000-000000000103',
      type: 'CASH_TRANSFER',
      side: 'IN',
      accountType: null,
      fund: null,
      units: null,
      pricePer10k: null,
      amount: '3000000',
    };
    apiServer.use(
      http.get(HistoryPath.trades, ({ request }) => {
        requests.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          trades: [sell, refunded, historyTrade, deposit],
          paging: { page: 1, pageSize: 20, total: 4 },
        } satisfies Trades);
      }),
    );
    renderPage('/cashflows?tab=trades');
    const list = await screen.findByRole('list', { name: '取引履歴' });
    const [sellItem, refundItem, buyItem, depositItem] = within(list).getAllByRole('listitem');
    expect(sellItem).toHaveTextContent('解約');
    expect(sellItem).toHaveTextContent('特定口座');
    expect(sellItem).toHaveTextContent('約定日2026年11月17日');
    expect(sellItem).toHaveTextContent('受渡日2026年11月25日');
    expect(sellItem).toHaveTextContent('基準価額（1万口あたり）16,769円');
    expect(sellItem).toHaveTextContent('口数17,891口');
    expect(sellItem).toHaveTextContent('受渡金額28,318円');
    expect(sellItem).toHaveTextContent('源泉徴収税額1,683円');
    expect(refundItem).toHaveTextContent('還付税額420円');
    expect(buyItem).toHaveTextContent('買付');
    expect(buyItem).toHaveTextContent('NISA つみたて投資枠');
    expect(buyItem).not.toHaveTextContent('税額');
    expect(depositItem).toHaveTextContent('お預り金の入金');
    expect(depositItem).toHaveTextContent('受渡金額3,000,000円');

    await userEvent.selectOptions(screen.getByLabelText('取引の種類'), '譲渡益税');
    await waitFor(() => expect(requests.at(-1)?.get('type')).toBe('CAPITAL_GAIN'));
    expect(requests[0]?.get('type')).toBe('ALL');
  });

  it('says when a type has no trades in the period', async () => {
    apiServer.use(
      http.get(HistoryPath.trades, () =>
        HttpResponse.json({ trades: [], paging: { page: 1, pageSize: 20, total: 0 } } satisfies Trades),
      ),
    );
    renderPage('/cashflows?tab=trades&type=SHIP_RECEIPT&period=oneYear');
    expect(await screen.findByText('直近1年の入出庫のお取引はありません。')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    apiServer.use(
      http.get(HistoryPath.trades, () =>
        HttpResponse.json({ code: '400-000', message: '取引履歴を取得できませんでした。' }, { status: 400 }),
      ),
    );
    renderPage('/cashflows?tab=trades');
    expect(await screen.findByRole('alert')).toHaveTextContent('取引履歴を表示できませんでした。');
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
  });
});

const canceled: OrderView = {
  ...historyOrder,
  status: 'CANCELED',
  cancelable: false,
  heldAmount: '0',
  canceledAt: '2026-11-26T01:30:00.000Z',
};

describe('注文 tab', () => {
  it('shows the steps 申込日 → 約定日 → 受渡日 with the waited step current and the 取消期限 as a time', async () => {
    renderPage('/cashflows?tab=orders');
    const card = await screen.findByRole('listitem', { name: historyOrder.fundName });
    const steps = within(within(card).getByRole('list', { name: '注文の進み具合' })).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('申込日（済み）2026年11月27日');
    expect(steps[1]).toHaveTextContent('約定日（待ち）2026年11月30日');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[2]).toHaveTextContent('受渡日（予定）2026年12月4日');
    expect(card).toHaveTextContent('取消期限：2026年11月27日 15:00まで');
    expect(card).toHaveTextContent('注文金額50,000円');
    expect(card).toHaveTextContent('注文中');
  });

  it('cancels after the inline confirmation with one Idempotency-Key per intent, then shows 取消済', async () => {
    const keys: (string | null)[] = [];
    let cancelled = false;
    let attempt = 0;
    apiServer.use(
      http.get(TradingPath.orders, () =>
        HttpResponse.json({
          orders: [cancelled ? canceled : historyOrder],
          page: 1,
          pageSize: 20,
          total: 1,
        } satisfies OrdersResponse),
      ),
      http.post(TradingPath.cancel, ({ request, params }) => {
        expect(params['orderId']).toBe(historyOrder.id);
        keys.push(request.headers.get('idempotency-key'));
        attempt += 1;
        if (attempt === 1) return HttpResponse.error();
        cancelled = true;
        return HttpResponse.json({ order: canceled } satisfies OrderResponse);
      }),
    );
    renderPage('/cashflows?tab=orders');
    const card = await screen.findByRole('listitem', { name: historyOrder.fundName });
    // やめる closes the question without a call
    await userEvent.click(within(card).getByRole('button', { name: '取消' }));
    // the question is announced: it takes the focus as an alert dialog named by it
    expect(within(card).getByRole('alertdialog', { name: 'この注文を取り消しますか？' })).toHaveFocus();
    await userEvent.click(within(card).getByRole('button', { name: 'やめる' }));
    expect(within(card).queryByText('この注文を取り消しますか？')).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: '取消' }));
    await userEvent.click(within(card).getByRole('button', { name: '取り消す' }));
    // no answer: the question stays, and the retry is the same intent with the same key
    expect(await within(card).findByText(/取り消しを完了できませんでした/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: '取り消す' }));
    expect(await within(card).findByText('注文を取り消しました。')).toBeInTheDocument();
    await waitFor(() => expect(card).toHaveTextContent('取消済'));
    expect(within(card).queryByRole('button', { name: '取消' })).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('お預り金から確保中');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a new intent after やめる gets a new key', async () => {
    const keys: (string | null)[] = [];
    apiServer.use(
      http.post(TradingPath.cancel, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.error();
      }),
    );
    renderPage('/cashflows?tab=orders');
    const card = await screen.findByRole('listitem', { name: historyOrder.fundName });
    for (let round = 0; round < 2; round += 1) {
      await userEvent.click(within(card).getByRole('button', { name: '取消' }));
      await userEvent.click(within(card).getByRole('button', { name: '取り消す' }));
      await within(card).findByText(/取り消しを完了できませんでした/);
      await userEvent.click(within(card).getByRole('button', { name: 'やめる' }));
    }
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a refused cancellation (409-202) is explained in the card, not in the toast', async () => {
    apiServer.use(
      http.post(TradingPath.cancel, () =>
        HttpResponse.json({ code: '409-202', message: 'この注文は取り消しできません。' }, { status: 409 }),
      ),
    );
    renderPage('/cashflows?tab=orders');
    const card = await screen.findByRole('listitem', { name: historyOrder.fundName });
    await userEvent.click(within(card).getByRole('button', { name: '取消' }));
    await userEvent.click(within(card).getByRole('button', { name: '取り消す' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('この注文は取り消せませんでした。');
    expect(useUiStore.getState().toast).toBeNull();
    expect(within(card).queryByRole('button', { name: '取り消す' })).not.toBeInTheDocument();
  });

  it('受渡済 reads TRADED and COMPLETED and shows them together, newest first', async () => {
    const statuses: (string | null)[] = [];
    const settled = (status: 'TRADED' | 'COMPLETED', id: string, createdAt: string): OrderView => ({
      ...historyOrder,
      id,
      status,
      createdAt,
      cancelable: false,
      heldAmount: '0',
      executedPrice: '16769',
      executedUnits: '17891',
      executedAmount: '30001',
      taxWithheld: '1683',
      fundName: `${status} ${id.slice(-1)}`,
    });
    apiServer.use(
      http.get(TradingPath.orders, ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        statuses.push(status);
        const orders =
          status === 'TRADED'
            ? [settled('TRADED', '30000000-0000-4000-8000-000000000201', '2026-11-20T00:00:00.000Z')]
            : [settled('COMPLETED', '30000000-0000-4000-8000-000000000202', '2026-11-21T00:00:00.000Z')];
        return HttpResponse.json({ orders, page: 1, pageSize: 20, total: 1 } satisfies OrdersResponse);
      }),
    );
    renderPage('/cashflows?tab=orders&status=SETTLED');
    const list = await screen.findByRole('list', { name: '注文' });
    const cards = within(list).getAllByRole('listitem', { name: /TRADED|COMPLETED/ });
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'COMPLETED 2',
      'TRADED 1',
    ]);
    expect(cards[0]).toHaveTextContent('約定価額（1万口あたり）16,769円');
    expect(cards[0]).toHaveTextContent('約定口数17,891口');
    expect(cards[0]).toHaveTextContent('約定金額30,001円');
    expect(cards[0]).toHaveTextContent('源泉徴収税額1,683円');
    expect(statuses.sort()).toEqual(['COMPLETED', 'TRADED']);
  });

  it('says when no order has the chosen status', async () => {
    renderPage('/cashflows?tab=orders&status=CANCELED');
    expect(await screen.findByText('取消済のご注文はありません。')).toBeInTheDocument();
  });
});
