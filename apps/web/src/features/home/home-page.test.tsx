import type { Assets, Informations, OrderView, RecurringPurchase, UnmaskedUser } from '@fund/contracts';
import {
  AssetsPath,
  InformationsPath,
  PlansPath,
  RootLoadingPath,
  SaisonConnectPath,
  TradingPath,
} from '@fund/contracts/paths';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrivacyStore } from '../../lib/privacy/privacy-store';
import { useUiStore } from '../../lib/store/ui-store';
import { rootLoadingAnswers } from '../../test/msw/root-loading-handlers';
import { homeOrderFixture, homePlanFixture, homeHandlers } from '../../test/msw/home-handlers';
import { answerFirstWith, apiServer } from '../../test/msw/server';
import { renderApp } from '../../test/render-app';

answerFirstWith(homeHandlers);

const assets: Assets = {
  referenceDate: '2026-11-24',
  holdings: [],
  byAccountType: [],
  total: { value: '1250000', bookValue: '1000000', gainLoss: '250000', dayChange: '-12500' },
  cashBalance: '300000',
  inTransit: { buys: '50000', sells: '0' },
  totalAssets: '1600000',
};

function answerAssets(answer: Assets = assets) {
  apiServer.use(http.get(AssetsPath.assets, () => HttpResponse.json(answer)));
}

function answerRole(accountRole: UnmaskedUser['accountRole']) {
  const user = rootLoadingAnswers[RootLoadingPath.unmaskedUsers] as UnmaskedUser;
  apiServer.use(http.get(RootLoadingPath.unmaskedUsers, () => HttpResponse.json({ ...user, accountRole })));
}

function answerPlans(plans: RecurringPurchase[]) {
  apiServer.use(
    http.get(PlansPath.recurringPurchases, () => HttpResponse.json({ recurringPurchases: plans })),
  );
}

function answerPointError(code: string) {
  apiServer.use(
    http.get(SaisonConnectPath.point, () =>
      HttpResponse.json({ code, message: 'カード会社の応答' }, { status: 400 }),
    ),
  );
}

async function renderHome() {
  const view = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'ホーム' });
  return view;
}

function card(name: string) {
  return screen.getByRole('region', { name });
}

afterEach(() => {
  act(() => usePrivacyStore.getState().setAmountsHidden(false));
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('home: 総資産', () => {
  it('shows 総資産 with 前日比 and 評価損益 (rate = 損益 ÷ 簿価), its 基準日, its parts and the way to 資産状況', async () => {
    answerAssets();
    await renderHome();
    const total = card('総資産');
    expect(within(total).getByTestId('total-assets')).toHaveTextContent('1,600,000円');
    // 前日比 against yesterday's value: −12,500 ÷ 1,262,500
    expect(within(total).getByTestId('day-change')).toHaveTextContent('−12,500円（−0.99%）');
    // 評価損益 against 簿価: 250,000 ÷ 1,000,000
    expect(within(total).getByTestId('gain-loss')).toHaveTextContent('+250,000円（+25.00%）');
    expect(within(total).getByText('2026年11月24日時点（解約価額で評価）')).toBeInTheDocument();
    expect(within(total).getByText('お預り金').nextSibling).toHaveTextContent('300,000円');
    expect(within(total).getByText('受渡待ち').nextSibling).toHaveTextContent('50,000円');
    expect(within(total).getByRole('link', { name: '資産状況を見る' })).toHaveAttribute('href', '/assets');
  });

  it('leaves 受渡待ち out when no money is in flight', async () => {
    answerAssets({ ...assets, inTransit: { buys: '0', sells: '0' }, totalAssets: '1550000' });
    await renderHome();
    expect(within(card('総資産')).queryByText('受渡待ち')).not.toBeInTheDocument();
  });

  it('masks every amount and the points while the privacy toggle is on, and shows them again', async () => {
    answerAssets();
    await renderHome();
    await screen.findByTestId('plans-total');
    await screen.findByTestId('point-balance');
    await userEvent.click(within(card('総資産')).getByRole('button', { name: '金額を隠す' }));
    expect(screen.queryByText('1,600,000円')).not.toBeInTheDocument();
    expect(screen.queryByText(/250,000円/)).not.toBeInTheDocument();
    expect(screen.queryByText('30,000円')).not.toBeInTheDocument();
    expect(screen.queryByText('1,500ポイント')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('total-assets')).getByRole('img', { name: '非表示' }),
    ).toBeInTheDocument();
    await userEvent.click(within(card('総資産')).getByRole('button', { name: '金額を隠す' }));
    expect(screen.getByTestId('total-assets')).toHaveTextContent('1,600,000円');
  });

  it('shows an error with a retry when the assets call fails, while the other cards still work', async () => {
    apiServer.use(
      http.get(
        AssetsPath.assets,
        () => HttpResponse.json({ code: '400-000', message: 'x' }, { status: 400 }),
        {
          once: true,
        },
      ),
      http.get(
        AssetsPath.assets,
        () => HttpResponse.json({ code: '400-000', message: 'x' }, { status: 400 }),
        {
          once: true,
        },
      ),
    );
    await renderHome();
    const total = card('総資産');
    expect(within(total).getByRole('alert')).toHaveTextContent('総資産を表示できませんでした。');
    expect(await screen.findByTestId('plans-total')).toHaveTextContent('30,000円');
    expect(await screen.findByTestId('point-balance')).toHaveTextContent('1,500ポイント');
    answerAssets();
    await userEvent.click(within(total).getByRole('button', { name: '再読み込み' }));
    expect(await within(total).findByTestId('total-assets')).toHaveTextContent('1,600,000円');
  });
});

describe('home: ポイント (spec §8 point-use messages)', () => {
  it('shows the balance and its date', async () => {
    answerAssets();
    await renderHome();
    expect(await screen.findByTestId('point-balance')).toHaveTextContent('1,500ポイント');
    expect(within(card('ポイント')).getByText(/2026年11月25日時点/)).toBeInTheDocument();
  });

  it('400-100: no card is set, with a button to register one and no error toast', async () => {
    answerAssets();
    answerPointError('400-100');
    await renderHome();
    const points = card('ポイント');
    const register = await within(points).findByRole('link', { name: 'カードを登録する' });
    expect(register).toHaveAttribute('href', '/saisonConnect');
    expect(within(points).getByText(/クレジットカードが登録されていません。/)).toBeInTheDocument();
    expect(useUiStore.getState().toast).toBeNull();
  });

  it.each(['400-101', '400-103'])(
    '%s: the points card must be registered again (re-register button)',
    async (code) => {
      answerAssets();
      answerPointError(code);
      await renderHome();
      const points = card('ポイント');
      const again = await within(points).findByRole('link', { name: 'カードを再登録する' });
      expect(again).toHaveAttribute('href', '/saisonConnect');
      expect(within(points).getByText(/積立のお支払い方法も再登録したカードになります/)).toBeInTheDocument();
      expect(useUiStore.getState().toast).toBeNull();
    },
  );

  it('400-102: a points-earning card is required (disabled 対象外 button)', async () => {
    answerAssets();
    answerPointError('400-102');
    await renderHome();
    const points = card('ポイント');
    expect(await within(points).findByRole('button', { name: '対象外' })).toBeDisabled();
    expect(
      within(points).getByText('ポイントのご利用には、ポイント対象のクレジットカードが必要です。'),
    ).toBeInTheDocument();
  });

  it.each([
    ['400-503', 400],
    ['404-000', 404],
  ])(
    '%s: the card service is under maintenance (disabled メンテナンス中 button, retry)',
    async (code, status) => {
      answerAssets();
      apiServer.use(
        http.get(SaisonConnectPath.point, () => HttpResponse.json({ code, message: 'x' }, { status })),
      );
      await renderHome();
      const points = card('ポイント');
      expect(await within(points).findByRole('button', { name: 'メンテナンス中' })).toBeDisabled();
      expect(within(points).getByText(/メンテナンス中のため、ポイントを表示できません/)).toBeInTheDocument();
      apiServer.use(
        http.get(SaisonConnectPath.point, () =>
          HttpResponse.json({ point: { balance: '200', asOf: '2026-11-25' } }),
        ),
      );
      await userEvent.click(within(points).getByRole('button', { name: '再読み込み' }));
      expect(await within(points).findByTestId('point-balance')).toHaveTextContent('200ポイント');
    },
  );
});

describe('home: お知らせ', () => {
  it('says how many notices are unread and lists the newest important ones, each opening on /notifications', async () => {
    answerAssets();
    apiServer.use(
      http.get(InformationsPath.list, () =>
        HttpResponse.json({
          informations: [
            {
              id: '20000000-0000-4000-8000-000000000001',
              category: 'important',
              title: 'システムメンテナンスのお知らせ',
              // 2026-11-16 00:30 JST is still 15 November in UTC
              publishedAt: '2026-11-15T15:30:00.000Z',
              read: false,
            },
            {
              id: '20000000-0000-4000-8000-000000000002',
              category: 'important',
              title: '年末年始の営業日',
              publishedAt: '2026-11-10T00:00:00.000Z',
              read: true,
            },
          ],
          paging: { page: 1, pageSize: 3, total: 2 },
        } satisfies Informations),
      ),
    );
    await renderHome();
    const notices = card('お知らせ');
    // root loading: 2 important + 1 other unread
    await waitFor(() =>
      expect(within(notices).getByTestId('unread-count')).toHaveTextContent('未読のお知らせが3件あります。'),
    );
    const first = await within(notices).findByRole('link', { name: /システムメンテナンスのお知らせ/ });
    expect(first).toHaveAttribute(
      'href',
      '/notifications?category=important&id=20000000-0000-4000-8000-000000000001',
    );
    expect(first).toHaveTextContent('2026年11月16日');
    expect(first).toHaveTextContent('未読');
    expect(within(notices).getByRole('link', { name: /年末年始の営業日/ })).not.toHaveTextContent('未読');
    expect(within(notices).getByRole('link', { name: 'すべて見る' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('says when there is no important notice', async () => {
    answerAssets();
    await renderHome();
    expect(await within(card('お知らせ')).findByText('重要なお知らせはありません。')).toBeInTheDocument();
  });
});

describe('home: 積立', () => {
  const suspended: RecurringPurchase = {
    ...homePlanFixture,
    id: '30000000-0000-4000-8000-000000000002',
    fund: { code: 'DEMOF003', name: 'デモ・日本株式', shortName: '日本株式', redemptionDate: null },
    accountType: 'specific',
    amount: '10000',
    status: 'SUSPENDED',
  };
  const card2: RecurringPurchase = {
    ...homePlanFixture,
    id: '30000000-0000-4000-8000-000000000003',
    fund: { code: 'DEMOF004', name: 'デモ・新興国株式', shortName: '新興国株式', redemptionDate: null },
    accountType: 'nisa2_growth',
    amount: '20000',
    paymentMethod: 'CREDIT_CARD',
    bonus: { months: [6, 12], amount: '50000' },
  };
  const cancelled: RecurringPurchase = {
    ...homePlanFixture,
    id: '30000000-0000-4000-8000-000000000004',
    status: 'CANCELED',
  };

  it('lists each plan with its amount, account and payment method, status, and the monthly total of the plans in force', async () => {
    answerAssets();
    answerPlans([homePlanFixture, card2, suspended, cancelled]);
    await renderHome();
    const plans = card('積立');
    // 30,000 + 20,000; the suspended plan does not buy, the cancelled one is not shown
    expect(await within(plans).findByTestId('plans-total')).toHaveTextContent('50,000円');
    expect(within(plans).getByText('停止中の積立は含みません。')).toBeInTheDocument();
    const rows = within(plans).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('グローバル株式');
    expect(rows[0]).toHaveTextContent('NISA つみたて投資枠・口座振替');
    expect(rows[0]).toHaveTextContent('月30,000円');
    expect(rows[1]).toHaveTextContent('NISA 成長投資枠・クレジットカード・ボーナス月（6月・12月）+50,000円');
    expect(rows[2]).toHaveTextContent('日本株式');
    expect(within(rows[2]!).getByText('停止中')).toBeInTheDocument();
  });

  it('invites to set up a plan when there is none', async () => {
    answerAssets();
    answerPlans([cancelled]);
    await renderHome();
    const plans = card('積立');
    expect(await within(plans).findByText('積立の設定はありません。')).toBeInTheDocument();
    expect(within(plans).getByRole('link', { name: '積立を設定する' })).toHaveAttribute('href', '/trading');
  });

  it('waits for the plans before it shows: one whole first paint, no skeleton growing into a list', async () => {
    answerAssets();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    apiServer.use(
      http.get(PlansPath.recurringPurchases, async () => {
        await answered;
        return HttpResponse.json({ recurringPurchases: [homePlanFixture] });
      }),
    );
    renderApp('/');
    await delay(200);
    expect(screen.queryByRole('heading', { level: 1, name: 'ホーム' })).toBeNull();
    answer();
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    expect(within(card('積立')).queryByRole('status')).toBeNull();
    expect(within(card('積立')).getByTestId('plans-total')).toHaveTextContent('30,000円');
  });

  it('shows an error with a retry when the plans cannot be loaded', async () => {
    answerAssets();
    apiServer.use(
      http.get(PlansPath.recurringPurchases, () =>
        HttpResponse.json({ code: '400-000', message: 'x' }, { status: 400 }),
      ),
    );
    await renderHome();
    const plans = card('積立');
    expect(await within(plans).findByRole('alert')).toHaveTextContent('積立を表示できませんでした。');
    answerPlans([homePlanFixture]);
    await userEvent.click(within(plans).getByRole('button', { name: '再読み込み' }));
    expect(await within(plans).findByTestId('plans-total')).toHaveTextContent('30,000円');
  });
});

describe('home: 進行中のご注文', () => {
  const executedSell: OrderView = {
    ...homeOrderFixture,
    id: '40000000-0000-4000-8000-000000000002',
    fundName: 'デモ・日本株式',
    channel: 'SELL',
    orderType: 'QUANTITY',
    status: 'EXECUTED',
    requestedAmount: null,
    requestedUnits: '100000',
    executedUnits: '100000',
    executedAmount: '123456',
    tradeDate: '2026-11-20',
    settlementDate: '2026-11-27',
    createdAt: '2026-11-19T01:00:00.000Z',
  };

  function answerOrders(byStatus: Record<string, OrderView[]>) {
    apiServer.use(
      http.get(TradingPath.orders, ({ request }) => {
        const orders = byStatus[new URL(request.url).searchParams.get('status') ?? ''] ?? [];
        return HttpResponse.json({ orders, page: 1, pageSize: 20, total: orders.length });
      }),
    );
  }

  it('lists ORDERED and EXECUTED orders with buy or sell, amount, 約定日 and 受渡日, linking to the order list', async () => {
    answerAssets();
    answerOrders({ ORDERED: [homeOrderFixture], EXECUTED: [executedSell] });
    await renderHome();
    const orders = card('進行中のご注文');
    const rows = await within(orders).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('デモ・グローバル株式インデックス');
    expect(rows[0]).toHaveTextContent('買付・特定口座');
    expect(rows[0]).toHaveTextContent('約定日 2026年11月26日・受渡日 2026年12月1日');
    expect(rows[0]).toHaveTextContent('50,000円');
    expect(rows[0]).toHaveTextContent('注文中');
    expect(rows[1]).toHaveTextContent('解約・特定口座');
    expect(rows[1]).toHaveTextContent('123,456円');
    expect(rows[1]).toHaveTextContent('約定済');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/cashflows?tab=orders');
    expect(within(orders).getByRole('link', { name: '注文一覧' })).toHaveAttribute(
      'href',
      '/cashflows?tab=orders',
    );
  });

  it('says when no order is in progress', async () => {
    answerAssets();
    answerOrders({});
    await renderHome();
    expect(
      await within(card('進行中のご注文')).findByText('進行中のご注文はありません。'),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry when the orders cannot be loaded', async () => {
    answerAssets();
    apiServer.use(
      http.get(TradingPath.orders, () =>
        HttpResponse.json({ code: '400-000', message: 'x' }, { status: 400 }),
      ),
    );
    await renderHome();
    const orders = card('進行中のご注文');
    expect(await within(orders).findByRole('alert')).toHaveTextContent(
      '進行中のご注文を表示できませんでした。',
    );
    answerOrders({ ORDERED: [homeOrderFixture] });
    await userEvent.click(within(orders).getByRole('button', { name: '再読み込み' }));
    expect(await within(orders).findByTestId('order-figure')).toHaveTextContent('50,000円');
  });
});

describe('home: shortcuts by role (decision 012 "Roles")', () => {
  async function shortcutNames() {
    const nav = await screen.findByRole('navigation', { name: 'よく使うメニュー' });
    return within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
  }

  it('ADULT: buy, 積立, history and NISA', async () => {
    answerAssets();
    await renderHome();
    expect(await shortcutNames()).toEqual([
      ['購入する', '/trading'],
      ['積立を設定する', '/trading'],
      ['入出金・取引履歴', '/cashflows'],
      ['NISA口座の状況', '/assets/nisaBalance'],
    ]);
    expect(screen.queryByRole('complementary', { name: 'ジュニアNISAについて' })).not.toBeInTheDocument();
  });

  it.each(['CORPORATION', 'CHILD'] as const)('%s: no NISA shortcut', async (role) => {
    answerAssets();
    answerRole(role);
    await renderHome();
    await waitFor(async () =>
      expect(await shortcutNames()).toEqual([
        ['購入する', '/trading'],
        ['積立を設定する', '/trading'],
        ['入出金・取引履歴', '/cashflows'],
      ]),
    );
  });

  it('JUNIOR_NISA: no buy or 積立, the note that purchases ended in 2023 and withdrawal is tax-free at any time', async () => {
    answerAssets();
    answerRole('JUNIOR_NISA');
    answerPlans([]);
    await renderHome();
    await waitFor(async () =>
      expect(await shortcutNames()).toEqual([
        ['入出金・取引履歴', '/cashflows'],
        ['NISA口座の状況', '/assets/nisaBalance'],
      ]),
    );
    const note = screen.getByRole('complementary', { name: 'ジュニアNISAについて' });
    expect(note).toHaveTextContent('2023年で新規の買付が終了');
    expect(note).toHaveTextContent('いつでも口座全体を非課税で払い出す');
    const plans = card('積立');
    expect(await within(plans).findByText('積立の設定はありません。')).toBeInTheDocument();
    expect(within(plans).queryByRole('link', { name: '積立を設定する' })).not.toBeInTheDocument();
  });
});
