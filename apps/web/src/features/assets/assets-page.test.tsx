import type { AccountRoleType, Assets } from '@fund/contracts';
import { AssetsPath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSessionUser } from '../../lib/auth/session-user';
import { seedSignedInSession } from '../../lib/auth/test/fake-session';
import { usePrivacyStore } from '../../lib/privacy/privacy-store';
import { createQueryClient } from '../../lib/query/query-client';
import { assetsFixture, emptyAssetsFixture, assetsHandlers } from '../../test/msw/assets-handlers';
import { answerFirstWith, apiServer } from '../../test/msw/server';
import { renderApp } from '../../test/render-app';
import { AssetsPage } from './assets-page';

answerFirstWith(assetsHandlers);

function renderAssets(role: AccountRoleType = 'ADULT') {
  seedSignedInSession();
  writeSessionUser({ name: '1234567', branchCode: '001', accountNumber: '1234567', accountRole: role });
  const router = createMemoryRouter(
    [
      { path: '/assets', element: <AssetsPage /> },
      { path: '*', element: <p>移動しました</p> },
    ],
    { initialEntries: ['/assets'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function answerAssets(assets: Assets) {
  apiServer.use(http.get(AssetsPath.assets, () => HttpResponse.json(assets)));
}

/** The row of a description list whose term is `term`, inside `container`. */
function rowOf(container: HTMLElement, term: string): HTMLElement {
  const termElement = within(container).getByText(term, { selector: 'dt' });
  return termElement.parentElement as HTMLElement;
}

const holding = (name: RegExp) => screen.getByRole('article', { name });

afterEach(() => {
  usePrivacyStore.getState().setAmountsHidden(false);
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('資産状況 (spec §2 /assets, §9)', () => {
  it('shows 総資産 as funds + お預り金 + 受渡待ち, with the funds’ 評価損益 against 簿価, 前日比 and the reference date', async () => {
    answerAssets(assetsFixture);
    renderAssets();
    const summary = await screen.findByRole('region', { name: '総資産' });
    expect(within(summary).getByText('5,415,686円')).toBeInTheDocument();
    expect(within(summary).getByText('2026年11月26日時点')).toBeInTheDocument();
    expect(rowOf(summary, '投資信託（評価額）')).toHaveTextContent('4,668,574円');
    // 522,568 ÷ 4,146,006 = 12.604…%
    expect(rowOf(summary, '評価損益')).toHaveTextContent('+522,568円（+12.60%）');
    // measured against yesterday's value of the same units: −8,210 ÷ (4,668,574 + 8,210)
    expect(rowOf(summary, '前日比')).toHaveTextContent('−8,210円（−0.18%）');
    expect(rowOf(summary, 'お預り金')).toHaveTextContent('524,842円');
    expect(rowOf(summary, '受渡待ち')).toHaveTextContent('222,270円');
    expect(rowOf(summary, '受渡待ち')).toHaveTextContent('買付 50,000円');
    expect(rowOf(summary, '受渡待ち')).toHaveTextContent('売却 172,270円');
    expect(within(summary).getByRole('button', { name: '金額を隠す' })).toBeInTheDocument();
  });

  it('lists holdings by account type with each type’s subtotal, and each holding’s units, 簿価, 損益 %, 前日比 and prices', async () => {
    answerAssets(assetsFixture);
    renderAssets();
    const groups = await screen.findAllByRole('heading', { level: 3 });
    expect(groups.map((group) => group.textContent)).toEqual([
      '特定口座',
      'NISA つみたて投資枠',
      'NISA 成長投資枠',
    ]);
    const growth = screen.getByRole('region', { name: 'NISA 成長投資枠' });
    expect(growth).toHaveTextContent('837,813円');
    expect(rowOf(growth, '評価損益')).toHaveTextContent('+37,792円（+4.72%）');

    const fof = holding(/ひかり世界株FoF（特定口座）/);
    expect(within(fof).getByRole('heading', { level: 4 })).toHaveTextContent(
      'ひかり世界株式ファンド・オブ・ファンズ',
    );
    expect(fof).toHaveTextContent('1,413,353円');
    expect(fof).toHaveTextContent('評価損益−99,063円（−6.55%）');
    expect(rowOf(fof, '保有口数')).toHaveTextContent('517,068口');
    expect(rowOf(fof, '簿価（取得価額）')).toHaveTextContent('1,512,416円');
    expect(rowOf(fof, '前日比')).toHaveTextContent('−5,481円');
    expect(rowOf(fof, '基準価額（1万口あたり）')).toHaveTextContent('27,362円2026年11月25日時点');
    // 信託財産留保額: the price the holding is valued at is shown apart
    expect(rowOf(fof, '解約価額（1万口あたり）')).toHaveTextContent('27,334円');
    expect(rowOf(fof, '個別元本（1万口あたり）')).toHaveTextContent('29,250円');
    // without 信託財産留保額 the one price is enough
    const tsumitate = holding(/さくらグローバルバランス（NISA つみたて投資枠）/);
    expect(within(tsumitate).queryByText('解約価額（1万口あたり）')).not.toBeInTheDocument();
  });

  it('shows a sell order not yet settled as 売却注文中 with its units and estimate, its units already deducted', async () => {
    answerAssets(assetsFixture);
    renderAssets();
    const taxable = await screen.findByRole('article', { name: /さくらグローバルバランス（特定口座）/ });
    expect(within(taxable).getByText('売却注文中')).toBeInTheDocument();
    expect(taxable).toHaveTextContent('100,000口（概算 172,270円）');
    expect(rowOf(taxable, '保有口数')).toHaveTextContent('669,697口売却注文中の口数を除く');
    const growth = holding(/ひかり世界株FoF/);
    expect(within(growth).queryByText('売却注文中')).not.toBeInTheDocument();
  });

  it('groups the same fund across account types in ファンド別, its sums adding the rows below it', async () => {
    answerAssets(assetsFixture);
    renderAssets();
    await userEvent.click(await screen.findByRole('radio', { name: 'ファンド別' }));
    const groups = screen.getAllByRole('heading', { level: 3 });
    expect(groups.map((group) => group.textContent)).toEqual([
      'さくらグローバル・バランスファンド（6資産均等型）',
      'ひかり世界株式ファンド・オブ・ファンズ',
      'みなと日本株式インデックスファンド',
    ]);
    const sakura = screen.getByRole('region', { name: 'さくらグローバル・バランスファンド（6資産均等型）' });
    // 1,153,687 + 1,263,721; 損益 340,808 + 243,031 over 簿価 812,879 + 1,020,690
    expect(sakura).toHaveTextContent('2,417,408円');
    expect(rowOf(sakura, '評価損益')).toHaveTextContent('+583,839円（+31.84%）');
    expect(
      within(sakura)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['特定口座', 'NISA つみたて投資枠']);
  });

  it('links each holding to its sell and buy screens and to NISA口座の状況 for an adult', async () => {
    answerAssets(assetsFixture);
    const router = renderAssets('ADULT');
    const fof = await screen.findByRole('article', { name: /ひかり世界株FoF/ });
    expect(within(fof).getByRole('link', { name: /売却/ })).toHaveAttribute('href', '/trading/sell/DEMOF002');
    expect(within(fof).getByRole('link', { name: /追加購入/ })).toHaveAttribute(
      'href',
      '/trading/buy/DEMOF002/input',
    );
    await userEvent.click(screen.getByRole('link', { name: /NISA口座の状況/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/nisaBalance'));
  });

  it('offers a junior NISA account no purchase, links its NISA holdings (not the 2024 枠), and explains that it can be withdrawn tax-free', async () => {
    answerAssets(assetsFixture);
    renderAssets('JUNIOR_NISA');
    await screen.findByRole('region', { name: '保有資産' });
    expect(screen.queryByRole('link', { name: /追加購入/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /売却/ })).toHaveLength(4);
    // as the side menu and the home shortcuts offer it (issue 25)
    expect(screen.getByRole('link', { name: /NISA口座の状況/ })).toHaveTextContent(
      'NISA口座の状況（ジュニアNISAのお預り資産）',
    );
    expect(screen.getByText(/いつでも非課税で払い出すことができます/)).toBeInTheDocument();
  });

  it.each(['CORPORATION', 'CHILD'] as const)(
    'offers a %s account purchases but no link to NISA, which it cannot hold',
    async (role) => {
      answerAssets(assetsFixture);
      renderAssets(role);
      await screen.findByRole('region', { name: '保有資産' });
      expect(screen.getAllByRole('link', { name: /追加購入/ })).toHaveLength(4);
      expect(screen.queryByRole('link', { name: /NISA口座の状況/ })).not.toBeInTheDocument();
      expect(screen.queryByText(/非課税で払い出す/)).not.toBeInTheDocument();
    },
  );

  it('tells a customer without holdings how to start, and still shows their cash', async () => {
    answerAssets(emptyAssetsFixture);
    const router = renderAssets();
    const holdings = await screen.findByRole('region', { name: '保有資産' });
    expect(holdings).toHaveTextContent('保有しているファンドはありません');
    expect(rowOf(screen.getByRole('region', { name: '総資産' }), 'お預り金')).toHaveTextContent('300,000円');
    await userEvent.click(within(holdings).getByRole('link', { name: 'ファンドを探して購入する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trading'));
  });

  it('shows a skeleton while the holdings load', async () => {
    apiServer.use(
      http.get(AssetsPath.assets, async () => {
        await delay('infinite');
        return HttpResponse.json(assetsFixture);
      }),
    );
    renderAssets();
    expect(await screen.findByText('資産状況を読み込んでいます')).toBeInTheDocument();
  });

  it('says the holdings could not be shown and loads them again on retry, the history still working', async () => {
    let failing = true;
    apiServer.use(
      http.get(AssetsPath.assets, () =>
        failing
          ? HttpResponse.json({ code: '500-000', message: 'エラーが発生しました。' }, { status: 500 })
          : HttpResponse.json(assetsFixture),
      ),
    );
    renderAssets();
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('資産状況を表示できませんでした。');
    const history = await screen.findByRole('region', { name: '資産推移' });
    expect((await within(history).findAllByText(/評価額 4,668,574円/)).length).toBeGreaterThan(0);
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('5,415,686円')).toBeInTheDocument();
  });

  it('hides every amount when the privacy toggle is on, and keeps the market prices', async () => {
    answerAssets(assetsFixture);
    renderAssets();
    const summary = await screen.findByRole('region', { name: '総資産' });
    await userEvent.click(within(summary).getByRole('button', { name: '金額を隠す' }));
    expect(within(summary).getByRole('button', { name: '金額を隠す' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByText('5,415,686円')).not.toBeInTheDocument();
    expect(screen.queryByText(/517,068口/)).not.toBeInTheDocument();
    expect(screen.queryByText(/1,413,353円/)).not.toBeInTheDocument();
    expect(screen.getAllByText('27,362円').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('img', { name: '非表示' }).length).toBeGreaterThan(10);
    // the chart writes its figures as text: not drawn while amounts are hidden
    const history = screen.getByRole('region', { name: '資産推移' });
    expect(history).toHaveTextContent('金額を隠しているため、推移は表示していません');
    expect(within(history).queryByText(/評価額 4,668,574円/)).not.toBeInTheDocument();
  });
});

describe('資産推移 (value against cost)', () => {
  it('asks a point a day up to 3 months and a point a month beyond, and starts 全期間 at the first holding', async () => {
    const asked: string[] = [];
    apiServer.use(
      http.get(AssetsPath.history, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${query.get('interval')}:${query.get('from')}`);
        return HttpResponse.json({
          from: query.get('from') ?? '',
          to: '2026-11-26',
          interval: query.get('interval') === 'month' ? 'month' : 'day',
          points: [
            { date: '2016-11-30', value: '0', cost: '0' },
            { date: '2025-05-31', value: '4952', cost: '5000' },
            { date: '2026-11-26', value: '89535', cost: '94970' },
          ],
        });
      }),
    );
    answerAssets(assetsFixture);
    renderAssets();
    const history = await screen.findByRole('region', { name: '資産推移' });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatch(/^month:/);
    await userEvent.click(within(history).getByRole('radio', { name: '3か月' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toMatch(/^day:/);
    await userEvent.click(within(history).getByRole('radio', { name: '全期間' }));
    // from the first month with money in it, not ten years of zeros; 損益 −5,435 ÷ 投資元本 94,970
    expect(
      await within(history).findByText(
        '2025年5月31日〜2026年11月26日：評価額 89,535円、評価損益 −5,435円 (−5.72%)',
      ),
    ).toBeInTheDocument();
  });

  it('says so when nothing was held in the range', async () => {
    apiServer.use(
      http.get(AssetsPath.history, () =>
        HttpResponse.json({
          from: '2026-10-27',
          to: '2026-11-26',
          interval: 'month',
          points: [{ date: '2026-11-26', value: '0', cost: '0' }],
        }),
      ),
    );
    answerAssets(emptyAssetsFixture);
    renderAssets();
    const history = await screen.findByRole('region', { name: '資産推移' });
    expect(await within(history).findByText(/この期間の資産の記録はまだありません/)).toBeInTheDocument();
  });

  it('shows its own error with a retry while the holdings stay', async () => {
    apiServer.use(
      http.get(AssetsPath.history, () =>
        HttpResponse.json({ code: '500-000', message: 'エラーが発生しました。' }, { status: 500 }),
      ),
    );
    answerAssets(assetsFixture);
    renderAssets();
    const history = await screen.findByRole('region', { name: '資産推移' });
    expect(await within(history).findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      '資産推移を表示できませんでした。',
    );
    expect(screen.getByRole('region', { name: '総資産' })).toHaveTextContent('5,415,686円');
  });
});

describe('the /assets route', () => {
  it('loads the holdings before the page shows and the history beside them', async () => {
    const calls: string[] = [];
    apiServer.events.on('request:start', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/v1/assets')) calls.push(path);
    });
    renderApp('/assets');
    expect(await screen.findByRole('heading', { level: 1, name: '資産状況' })).toBeInTheDocument();
    // the first render already has the holdings: no skeleton for them
    expect(screen.queryByText('資産状況を読み込んでいます')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: '総資産' })).toHaveTextContent('5,415,686円');
    expect(calls.sort()).toEqual(['/v1/assets', '/v1/assets/history']);
    apiServer.events.removeAllListeners();
  });
});
