import type {
  Assets,
  FundSummary,
  MonthlyDeposit,
  RecurringPurchase,
  ScheduledSell,
  UnmaskedUser,
} from '@fund/contracts';
import {
  AssetsPath,
  FundsPath,
  idempotencyKeyHeader,
  PlansPath,
  RootLoadingPath,
} from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrivacyStore } from '../../../lib/privacy/privacy-store';
import { createQueryClient } from '../../../lib/query/query-client';
import { nisaAssetsFixture } from '../../../test/msw/nisa-handlers';
import { rootLoadingAnswers } from '../../../test/msw/root-loading-handlers';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import {
  fundDetailOf,
  tradingFundFixture,
  tradingPlanFixture,
  tradingScheduledSellFixture,
  tradingUnconfirmedFundFixture,
  tradingListHandlers,
} from '../../../test/msw/trading-list-handlers';
import { renderApp } from '../../../test/render-app';
import { TradingFunds } from './components/trading-funds';

answerFirstWith(tradingListHandlers);

const balanced = tradingFundFixture;
const equity = tradingUnconfirmedFundFixture;

function answerFunds(funds: FundSummary[]) {
  apiServer.use(http.get(FundsPath.funds, () => HttpResponse.json({ funds })));
}

function answerRole(accountRole: UnmaskedUser['accountRole']) {
  const user = rootLoadingAnswers[RootLoadingPath.unmaskedUsers] as UnmaskedUser;
  apiServer.use(http.get(RootLoadingPath.unmaskedUsers, () => HttpResponse.json({ ...user, accountRole })));
}

/** The customer holds `codes` (units they can sell). */
function answerHoldings(codes: string[]) {
  const template = nisaAssetsFixture.holdings[0]!;
  const assets: Assets = {
    ...nisaAssetsFixture,
    holdings: codes.map((code) => ({ ...template, fund: { ...template.fund, code }, units: '10000' })),
  };
  apiServer.use(http.get(AssetsPath.assets, () => HttpResponse.json(assets)));
}

function answerPlans(recurringPurchases: RecurringPurchase[]) {
  apiServer.use(http.get(PlansPath.recurringPurchases, () => HttpResponse.json({ recurringPurchases })));
}

function answerScheduledSells(scheduledSells: ScheduledSell[]) {
  apiServer.use(http.get(PlansPath.scheduledSells, () => HttpResponse.json({ scheduledSells })));
}

async function renderTrading(entry = '/trading') {
  const view = renderApp(entry);
  await screen.findByRole('heading', { level: 1, name: '取引' });
  return view;
}

const fundCard = (fund: FundSummary) => screen.findByRole('region', { name: fund.name });

afterEach(() => {
  act(() => usePrivacyStore.getState().setAmountsHidden(false));
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('trading list: the funds', () => {
  it('shows each fund’s 基準価額 with its 基準日 per 10,000 units, 前日比 against the NAV before, risk, 枠 and fee', async () => {
    answerFunds([balanced, equity]);
    await renderTrading();
    const first = await fundCard(balanced);
    expect(within(first).getByTestId('fund-nav')).toHaveTextContent('17,227円');
    // 前日比 42 ÷ (17,227 − 42) = 0.244%
    expect(within(first).getByTestId('fund-day-change')).toHaveTextContent('+42円（+0.24%）');
    expect(within(first).getByText('2026年11月25日時点・1万口あたり')).toBeInTheDocument();
    expect(within(first).getByText('リスク区分').nextSibling).toHaveTextContent('3／5（中程度）');
    expect(within(first).getByText('投資対象').nextSibling).toHaveTextContent('バランス型');
    expect(within(first).getByText('つみたて投資枠 対象')).toBeInTheDocument();
    expect(within(first).getByText('成長投資枠 対象')).toBeInTheDocument();
    expect(within(first).getByText('信託財産留保額').nextSibling).toHaveTextContent('なし');

    const second = await fundCard(equity);
    // −106 ÷ (27,362 + 106) = −0.386%
    expect(within(second).getByTestId('fund-day-change')).toHaveTextContent('−106円（−0.39%）');
    expect(within(second).getByText('リスク区分').nextSibling).toHaveTextContent('5／5（高い）');
    expect(within(second).getByText('投資対象').nextSibling).toHaveTextContent('海外株式');
    expect(within(second).queryByText('つみたて投資枠 対象')).not.toBeInTheDocument();
    expect(within(second).getByText('信託財産留保額').nextSibling).toHaveTextContent('基準価額の0.1%');
  });

  it('says a fund is outside NISA, shows a 0.25% fee to the basis point, and a fund with no NAV yet', async () => {
    answerFunds([
      {
        ...balanced,
        assetClass: 'EQUITY',
        foreign: false,
        nisa: { tsumitate: false, growth: false },
        retentionFeeBasisPoints: 25,
        nav: null,
        navDate: null,
        dayChange: null,
        cancellationPrice: null,
      },
    ]);
    await renderTrading();
    const card = await fundCard(balanced);
    expect(within(card).getByText('NISA対象外')).toBeInTheDocument();
    expect(within(card).getByText('信託財産留保額').nextSibling).toHaveTextContent('基準価額の0.25%');
    expect(within(card).getByText('投資対象').nextSibling).toHaveTextContent('国内株式');
    expect(within(card).getByText('基準価額はまだ公表されていません。')).toBeInTheDocument();
  });

  it('says when there is no fund to buy', async () => {
    answerFunds([]);
    await renderTrading();
    expect(await screen.findByText('お取り扱い中のファンドはありません。')).toBeInTheDocument();
  });

  it('shows an error with a retry when the funds cannot be loaded, and the list after the retry', async () => {
    apiServer.use(
      http.get(FundsPath.funds, () => HttpResponse.json({ code: '500-000', message: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    apiServer.use(
      http.get(FundsPath.funds, () => HttpResponse.json({ code: '500-000', message: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    await renderTrading();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('ファンド一覧を表示できませんでした。');
    // the plans below still work
    expect(await screen.findByTestId('plan-amount')).toHaveTextContent('月30,000円');
    answerFunds([balanced]);
    await userEvent.click(within(alert).getByRole('button', { name: '再読み込み' }));
    expect(within(await fundCard(balanced)).getByTestId('fund-nav')).toHaveTextContent('17,227円');
  });

  it('shows a skeleton of the list while the funds are on their way', async () => {
    apiServer.use(http.get(FundsPath.funds, () => delay('infinite')));
    const queryClient = createQueryClient();
    const router = createMemoryRouter([{ path: '/trading', element: <TradingFunds accountRole="ADULT" /> }], {
      initialEntries: ['/trading'],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('ファンド一覧を読み込んでいます');
  });

  it('keeps 基準価額 and 前日比 (market prices) visible when amounts are hidden, and masks the plans’ amounts', async () => {
    answerFunds([balanced]);
    act(() => usePrivacyStore.getState().setAmountsHidden(true));
    await renderTrading();
    const card = await fundCard(balanced);
    expect(within(card).getByTestId('fund-nav')).toHaveTextContent('17,227円');
    expect(within(card).getByTestId('fund-day-change')).toHaveTextContent('+42円（+0.24%）');
    const amount = await screen.findByTestId('plan-amount');
    expect(amount).not.toHaveTextContent('30,000');
    expect(within(amount).getByRole('img', { name: '非表示' })).toBeInTheDocument();
  });
});

describe('trading list: a fund opened', () => {
  it('opens from the list into the address, draws 1年 up to the latest 基準日, switches to 1か月 and offers the table', async () => {
    answerFunds([balanced]);
    const requested: string[] = [];
    apiServer.use(
      http.get(FundsPath.navs, ({ request }) => {
        const query = new URL(request.url).searchParams;
        requested.push(`${query.get('from')}..${query.get('to')}`);
        return HttpResponse.json({
          code: balanced.code,
          from: query.get('from'),
          to: query.get('to'),
          navs: [
            { date: '2026-10-27', nav: '17000', cancellationPrice: '17000' },
            { date: '2026-11-25', nav: '17227', cancellationPrice: '17227' },
          ],
        });
      }),
    );
    const { router } = await renderTrading();
    const card = await fundCard(balanced);
    const toggle = within(card).getByRole('button', {
      name: 'さくらグローバルバランスのチャート・目論見書・購入',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));
    expect(router.state.location.search).toBe('?fund=DEMOF001');
    expect(
      await within(card).findByText(
        '2026年10月27日〜2026年11月25日：基準価額 17,000円 → 17,227円、+227円 (+1.34%)（1万口あたり）',
        {},
        // the chart's chunk loads on demand
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(requested).toEqual(['2025-11-25..2026-11-25']);
    await userEvent.click(within(card).getByRole('radio', { name: '1か月' }));
    await waitFor(() => expect(requested).toContain('2026-10-25..2026-11-25'));
    await userEvent.click(await within(card).findByRole('button', { name: '表で見る' }, { timeout: 5000 }));
    const table = within(card).getByRole('table', {
      name: 'さくらグローバルバランスの基準価額の推移（1万口あたり）',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await userEvent.click(
      within(card).getByRole('button', { name: 'さくらグローバルバランスの詳細を閉じる' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(within(card).queryByRole('heading', { name: '交付目論見書' })).not.toBeInTheDocument(),
    );
  });

  it('shows the prospectus’s version, effective date and document, and the schedule of an order', async () => {
    answerFunds([balanced]);
    await renderTrading('/trading?fund=DEMOF001');
    const card = await fundCard(balanced);
    const prospectus = await within(card).findByRole('region', { name: '交付目論見書' });
    expect(within(prospectus).getByText('版').nextSibling).toHaveTextContent('第3版');
    expect(within(prospectus).getByText('効力発生日').nextSibling).toHaveTextContent('2026年9月1日');
    expect(within(prospectus).getByText('確認済み')).toBeInTheDocument();
    const link = within(prospectus).getByRole('link', { name: /交付目論見書を読む/ });
    expect(link).toHaveAttribute('href', 'https://funds.example.jp/DEMOF001/prospectus-v3.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(card).getByText('約定日').nextSibling).toHaveTextContent('申込日の1営業日後');
    expect(within(card).getByText('受渡日（購入）').nextSibling).toHaveTextContent('約定日の4営業日後');
    expect(within(card).getByText('決算日').nextSibling).toHaveTextContent('毎年7月10日');
    expect(within(card).getByText('分配金の受取方法').nextSibling).toHaveTextContent(
      '受取・再投資から選べます',
    );
    expect(within(card).queryByText('償還日')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '購入する' })).toHaveAttribute(
      'href',
      '/trading/buy/DEMOF001/input',
    );
    expect(within(card).getByRole('link', { name: '積立を設定する' })).toHaveAttribute(
      'href',
      '/trading/scheduledBuy/DEMOF001/inputType',
    );
  });

  it('blocks 購入する until the current prospectus is confirmed, with one key for the retries of that intent', async () => {
    answerFunds([equity]);
    const keys: (string | null)[] = [];
    let fail = true;
    apiServer.use(
      http.post(FundsPath.prospectusConfirmations, ({ request }) => {
        keys.push(request.headers.get(idempotencyKeyHeader));
        if (fail) {
          fail = false;
          return HttpResponse.json({ code: '500-000', message: 'x' }, { status: 500 });
        }
        return HttpResponse.json({
          fundCode: equity.code,
          version: 3,
          confirmedAt: '2026-11-26T01:00:00.000Z',
        });
      }),
    );
    await renderTrading('/trading?fund=DEMOF002');
    const card = await fundCard(equity);
    const buy = await within(card).findByRole('button', { name: '購入する' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription(
      '購入するには、交付目論見書をお読みのうえ「目論見書を確認しました」を押してください。',
    );
    expect(within(card).getByText('未確認')).toBeInTheDocument();
    const confirm = within(card).getByRole('button', { name: '目論見書を確認しました' });
    await userEvent.click(confirm);
    await waitFor(() => expect(keys).toHaveLength(1));
    // the failed call leaves the block in place; the customer tries again with the same intent
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-busy'));
    expect(within(card).getByRole('button', { name: '購入する' })).toBeDisabled();
    await userEvent.click(confirm);
    expect(await within(card).findByRole('link', { name: '購入する' })).toHaveAttribute(
      'href',
      '/trading/buy/DEMOF002/input',
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(within(card).getByText('確認済み')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: '目論見書を確認しました' })).not.toBeInTheDocument();
  });

  it('says the prospectus was revised since the customer confirmed the version before, until they confirm it', async () => {
    answerFunds([equity]);
    apiServer.use(
      http.get(FundsPath.fund, () => HttpResponse.json(fundDetailOf(equity, false, true))),
      http.post(FundsPath.prospectusConfirmations, () =>
        HttpResponse.json({ fundCode: equity.code, version: 3, confirmedAt: '2026-11-26T01:00:00.000Z' }),
      ),
    );
    await renderTrading('/trading?fund=DEMOF002');
    const card = await fundCard(equity);
    expect(await within(card).findByText('改訂後の版が未確認')).toBeInTheDocument();
    expect(
      within(card).getByText(
        /交付目論見書は2026年9月1日に改訂されました（第3版）。改訂後の内容を必ずお読みください。/,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '購入する' })).toHaveAccessibleDescription(
      '交付目論見書が改訂されました。購入するには、改訂後の目論見書をお読みのうえ「目論見書を確認しました」を押してください。',
    );
    await userEvent.click(within(card).getByRole('button', { name: '目論見書を確認しました' }));
    expect(await within(card).findByRole('link', { name: '購入する' })).toBeInTheDocument();
    expect(within(card).getByText('確認済み')).toBeInTheDocument();
    expect(within(card).queryByText(/改訂されました/)).not.toBeInTheDocument();
  });

  it('blocks buying and 積立 of a fund whose buying stopped or that was redeemed, with the reason', async () => {
    answerFunds([{ ...balanced, salesStatus: 'SUSPENDED' }]);
    apiServer.use(
      http.get(FundsPath.fund, () =>
        HttpResponse.json(fundDetailOf({ ...balanced, salesStatus: 'SUSPENDED' }, true)),
      ),
    );
    await renderTrading('/trading?fund=DEMOF001');
    const card = await fundCard(balanced);
    expect(within(card).getByText('買付停止中')).toBeInTheDocument();
    const buy = await within(card).findByRole('button', { name: '購入する' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription('このファンドは現在、買付を停止しています。');
    expect(within(card).getByRole('button', { name: '積立を設定する' })).toBeDisabled();
  });

  it('shows a fund’s announced 償還 on its card and the date orders end in its detail', async () => {
    const ending = { ...balanced, redemption: { date: '2027-01-20', lastOrderDate: '2027-01-13' } };
    answerFunds([ending]);
    apiServer.use(http.get(FundsPath.fund, () => HttpResponse.json(fundDetailOf(ending, true))));
    await renderTrading('/trading?fund=DEMOF001');
    const card = await fundCard(balanced);
    expect(within(card).getByText('2027年1月20日償還予定')).toBeInTheDocument();
    expect((await within(card).findByText('償還日')).nextSibling).toHaveTextContent(
      '2027年1月20日ご注文の受付は2027年1月13日まで',
    );
  });

  it('shows 償還済 for a redeemed fund and blocks its purchase', async () => {
    answerFunds([{ ...balanced, salesStatus: 'REDEEMED' }]);
    apiServer.use(
      http.get(FundsPath.fund, () =>
        HttpResponse.json(fundDetailOf({ ...balanced, salesStatus: 'REDEEMED' }, true)),
      ),
    );
    await renderTrading('/trading?fund=DEMOF001');
    const card = await fundCard(balanced);
    expect(within(card).getByText('償還済')).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: '購入する' })).toHaveAccessibleDescription(
      'このファンドは償還済みのため、買付できません。',
    );
  });

  it('offers 売却する only for a fund the customer holds', async () => {
    answerFunds([balanced, equity]);
    answerHoldings(['DEMOF002']);
    await renderTrading('/trading?fund=DEMOF002');
    const held = await fundCard(equity);
    expect(await within(held).findByRole('link', { name: '売却する' })).toHaveAttribute(
      'href',
      '/trading/sell/DEMOF002',
    );
    await userEvent.click(
      within(await fundCard(balanced)).getByRole('button', { name: /さくらグローバルバランスのチャート/ }),
    );
    const notHeld = await fundCard(balanced);
    await within(notHeld).findByRole('link', { name: '購入する' });
    expect(within(notHeld).queryByRole('link', { name: '売却する' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while the fund’s detail loads, and an error with a retry when it fails', async () => {
    answerFunds([balanced]);
    apiServer.use(
      http.get(FundsPath.fund, async () => {
        await delay(100);
        return HttpResponse.json({ code: '500-000', message: 'x' }, { status: 500 });
      }),
    );
    await renderTrading('/trading?fund=DEMOF001');
    const card = await fundCard(balanced);
    expect(await within(card).findByText('交付目論見書を読み込んでいます')).toBeInTheDocument();
    const alert = await within(card).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('ファンドの詳細を表示できませんでした。');
    apiServer.use(http.get(FundsPath.fund, () => HttpResponse.json(fundDetailOf(balanced, true))));
    await userEvent.click(within(alert).getByRole('button', { name: '再読み込み' }));
    expect(await within(card).findByRole('link', { name: '購入する' })).toBeInTheDocument();
  });
});

describe('trading list: roles', () => {
  it('JUNIOR_NISA: no 購入する or 積立, the reason, and 売却する for what it holds', async () => {
    answerRole('JUNIOR_NISA');
    answerFunds([balanced]);
    answerHoldings(['DEMOF001']);
    await renderTrading('/trading?fund=DEMOF001');
    expect(await screen.findByText('ジュニアNISA口座のお客さまへ')).toBeInTheDocument();
    const card = await fundCard(balanced);
    expect(
      await within(card).findByText('ジュニアNISA口座では、2024年以降、新しい購入・積立はできません。'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: '購入する' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: '購入する' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: '積立を設定する' })).not.toBeInTheDocument();
    expect(await within(card).findByRole('link', { name: '売却する' })).toBeInTheDocument();
  });

  it('CORPORATION: the NISA 枠 are shown for reference with the note that a corporation has no NISA', async () => {
    answerRole('CORPORATION');
    answerFunds([balanced]);
    answerScheduledSells([]);
    await renderTrading();
    expect(await screen.findByText('法人口座のお客さまへ')).toBeInTheDocument();
    expect(screen.getByText(/法人口座ではNISAをご利用いただけません。/)).toBeInTheDocument();
    expect(within(await fundCard(balanced)).getByText('つみたて投資枠 対象')).toBeInTheDocument();
    expect(await screen.findByText(/法人口座ではご利用いただけません。$/)).toBeInTheDocument();
  });

  it('CHILD: says NISA opens at 18 and still offers buying', async () => {
    answerRole('CHILD');
    answerFunds([balanced]);
    await renderTrading('/trading?fund=DEMOF001');
    expect(await screen.findByText(/1月1日時点で18歳以上の方がご利用いただけます/)).toBeInTheDocument();
    expect(
      await within(await fundCard(balanced)).findByRole('link', { name: '購入する' }),
    ).toBeInTheDocument();
  });
});

describe('trading list: the customer’s plans', () => {
  it('lists 積立 with amount, account, payment, state and pending change, each linking to its management', async () => {
    answerPlans([
      tradingPlanFixture,
      {
        ...tradingPlanFixture,
        id: '31000000-0000-4000-8000-000000000002',
        fund: {
          code: 'DEMOF003',
          name: 'みなと日本株式インデックスファンド',
          shortName: 'みなと日本株',
          redemptionDate: null,
        },
        accountType: 'specific',
        paymentMethod: 'CREDIT_CARD',
        status: 'SUSPENDED',
        amount: '10000',
        pendingChange: {
          batchFlag: 'update',
          appliesFrom: '2027-01',
          terms: { amount: '20000', bonus: null, paymentMethod: 'ACCOUNT_TRANSFER' },
        },
      },
      {
        ...tradingPlanFixture,
        id: '31000000-0000-4000-8000-000000000003',
        status: 'CANCELED',
        // ended by the batch when its fund's 償還 was announced
        fund: { ...tradingPlanFixture.fund, redemptionDate: '2027-01-20' },
      },
      {
        ...tradingPlanFixture,
        id: '31000000-0000-4000-8000-000000000004',
        pendingChange: { batchFlag: 'cancel', appliesFrom: '2026-12', terms: null },
      },
    ]);
    await renderTrading();
    const plans = await screen.findByRole('list', { name: '積立の一覧' });
    const rows = within(plans).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('NISA つみたて投資枠・口座振替');
    expect(rows[0]).toHaveTextContent('月30,000円');
    expect(rows[0]).toHaveTextContent('積立中');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `/trading/scheduledBuy/DEMOF001/inputType?plan=${tradingPlanFixture.id}`,
    );
    expect(rows[1]).toHaveTextContent('停止中');
    expect(within(rows[1]!).getByTestId('plan-pending-change')).toHaveTextContent(
      '変更予定：2027年1月分から月20,000円・口座振替',
    );
    expect(within(rows[2]!).getByTestId('plan-pending-change')).toHaveTextContent(
      '解約予定：2026年12月分から積立を止めます',
    );
    // ended plans come last and have nothing to manage
    expect(rows[3]).toHaveTextContent('解約済');
    expect(within(rows[3]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[3]!).getByTestId('plan-fund-redemption')).toHaveTextContent(
      'ファンドの償還（2027年1月20日）が決まったため、積立は終了しました',
    );
    expect(within(rows[0]!).queryByTestId('plan-fund-redemption')).not.toBeInTheDocument();
  });

  it('lists 定期売却 linking to the sell screen, and 毎月の入金 linking to its page', async () => {
    answerScheduledSells([
      tradingScheduledSellFixture,
      {
        ...tradingScheduledSellFixture,
        id: '32000000-0000-4000-8000-000000000002',
        type: 'RATE',
        value: '10',
        frequency: 'MONTHLY',
        status: 'SUSPENDED',
      },
    ]);
    await renderTrading();
    const sells = await screen.findByRole('list', { name: '定期売却の一覧' });
    const rows = within(sells).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('特定口座・奇数月・定額');
    expect(within(rows[0]!).getByTestId('scheduled-sell-value')).toHaveTextContent('30,000円');
    expect(rows[0]).toHaveTextContent('実行中');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/trading/sell/DEMOF001');
    expect(within(rows[1]!).getByTestId('scheduled-sell-value')).toHaveTextContent('保有口数の10%');
    expect(rows[1]).toHaveTextContent('停止中');
    const deposit = await screen.findByRole('list', { name: '毎月の入金' });
    expect(within(deposit).getByRole('link')).toHaveAttribute('href', '/trading/monthlyDeposit');
    expect(within(deposit).getByRole('link')).toHaveTextContent('毎月10日');
    expect(within(deposit).getByRole('link')).toHaveTextContent('30,000円');
  });

  it('says what to do when there is no plan, no scheduled sell and no monthly deposit', async () => {
    answerPlans([]);
    answerScheduledSells([]);
    apiServer.use(
      http.get(PlansPath.monthlyDeposit, () =>
        HttpResponse.json({ monthlyDeposit: null } satisfies MonthlyDeposit),
      ),
    );
    await renderTrading();
    expect(await screen.findByText('積立の設定はありません。')).toBeInTheDocument();
    expect(screen.getByText(/「積立を設定する」から、毎月5,000円ではじめられます。/)).toBeInTheDocument();
    expect(await screen.findByText('定期売却の設定はありません。')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /毎月の入金を設定する/ })).toHaveAttribute(
      'href',
      '/trading/monthlyDeposit',
    );
  });

  it('shows skeletons while the plans load, and an error with a retry when they fail', async () => {
    apiServer.use(
      http.get(PlansPath.recurringPurchases, async () => {
        await delay(100);
        return HttpResponse.json({ code: '500-000', message: 'x' }, { status: 500 });
      }),
    );
    await renderTrading();
    expect(await screen.findByText('積立を読み込んでいます')).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('積立を表示できませんでした。');
    answerPlans([tradingPlanFixture]);
    await userEvent.click(within(alert).getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByTestId('plan-amount')).toHaveTextContent('月30,000円');
  });
});
