import type { UnmaskedUser } from '@fund/contracts';
import { AssetsPath, HistoryPath, RootLoadingPath } from '@fund/contracts/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrivacyStore } from '../../lib/privacy/privacy-store';
import { useUiStore } from '../../lib/store/ui-store';
import { answerFirstWith, apiServer } from '../../test/msw/server';
import { nisaAssetsFixture, nisaStatusFixture, nisaHandlers } from '../../test/msw/nisa-handlers';
import { rootLoadingAnswers } from '../../test/msw/root-loading-handlers';
import { renderApp } from '../../test/render-app';

answerFirstWith(nisaHandlers);

const path = '/assets/nisaBalance';

// (a 4xx, not a 5xx: the client's retry of a 5xx cancels the body of MSW's answer, which never settles in jsdom)
const failure = { code: '404-000', message: 'ただいま表示できません。' };

/** The years asked of `/v6/nisaStatusByYear` ('current' without `year`). */
function recordNisaCalls(): string[] {
  const years: string[] = [];
  apiServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === HistoryPath.nisaStatusByYear) years.push(url.searchParams.get('year') ?? 'current');
  });
  return years;
}

function signInAs(accountRole: UnmaskedUser['accountRole']) {
  apiServer.use(
    http.get(RootLoadingPath.unmaskedUsers, () =>
      HttpResponse.json({
        ...(rootLoadingAnswers[RootLoadingPath.unmaskedUsers] as UnmaskedUser),
        accountRole,
      } satisfies UnmaskedUser),
    ),
  );
}

const card = async (name: string) => screen.findByRole('region', { name }, { timeout: 4000 });
const text = (element: Element) => element.textContent?.replace(/\s+/g, '') ?? '';

/** The description lists of a card, in order (a <dl> has no role to find it by). */
function lists(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>('dl'));
}

function list(container: HTMLElement, label: string): HTMLElement {
  const found = container.querySelector<HTMLElement>(`dl[aria-label="${label}"]`);
  if (found === null) throw new Error(`no list ${label}`);
  return found;
}

afterEach(() => {
  apiServer.events.removeAllListeners();
  usePrivacyStore.getState().setAmountsHidden(false);
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('NISA口座の残高 for an adult with a NISA account', () => {
  it('answers how much can still be invested this year and from January, per 枠', async () => {
    renderApp(path);
    const planner = await card('あといくら投資できますか');
    // 2026: 870,000 + 1,880,000; 2027: 1,200,000 + 2,400,000 (nisa-handlers fixture)
    await waitFor(() =>
      expect(text(planner)).toContain('2026年はあと合計2,750,000円、2027年1月からは合計3,600,000円まで'),
    );
    expect(text(planner)).toContain('つみたて投資枠今年あと870,000円、来年1月から');
    expect(text(planner)).toContain('成長投資枠今年あと1,880,000円、来年1月から2,400,000円');
    // 100,000 sold in 2026 comes back on 1 January; the December rule in words (受渡日, no date invented)
    expect(text(planner)).toContain(
      '今年売却した商品の簿価100,000円分は、来年1月1日から生涯投資枠として再び使えます',
    );
    expect(text(planner)).toContain(
      '12月中旬ごろからのご購入は受渡日が来年になり、来年の枠を使うことがあります',
    );
  });

  it('shows this year’s use of each 枠 with pending orders, and the lifetime use by 簿価', async () => {
    renderApp(path);
    const annual = await card('2026年の年間投資枠（今年）');
    expect(text(lists(annual)[0]!)).toBe(
      '年間投資枠1,200,000円利用額330,000円うち注文中30,000円残り870,000円',
    );
    expect(text(lists(annual)[1]!)).toBe('年間投資枠2,400,000円利用額520,000円残り1,880,000円');
    const lifetime = await card('生涯投資枠（簿価）');
    expect(text(list(lifetime, '生涯投資枠の利用状況'))).toBe(
      '生涯非課税限度額18,000,000円利用中（簿価）2,610,001円残り15,389,999円',
    );
    expect(text(list(lifetime, '成長投資枠の生涯上限の利用状況'))).toBe(
      '成長投資枠の上限12,000,000円利用中（簿価）1,590,001円残り10,409,999円',
    );
    expect(text(list(lifetime, '売却による枠の復活'))).toBe(
      '2027年1月に復活する枠100,000円2026年に売却した商品の簿価',
    );
  });

  it('lists the holdings inside NISA by 枠, each linking to the assets screen, and not the taxable ones', async () => {
    renderApp(path);
    const holdings = await card('NISAで保有中の商品');
    const tsumitate = await within(holdings).findByRole('list', { name: 'NISA つみたて投資枠' });
    expect(text(tsumitate)).toContain('1,263,721円+243,031円（+23.81%）');
    const growth = within(holdings).getByRole('list', { name: 'NISA 成長投資枠' });
    expect(within(growth).getByRole('link', { name: /みなと日本株/ })).toHaveAttribute('href', '/assets');
    expect(within(holdings).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows a past year picked in the year selector, from its own answer', async () => {
    const years = recordNisaCalls();
    apiServer.use(
      http.get(HistoryPath.nisaStatusByYear, ({ request }) => {
        const year = new URL(request.url).searchParams.get('year');
        if (year !== '2025') return HttpResponse.json(nisaStatusFixture(year === null ? 2026 : Number(year)));
        return HttpResponse.json({
          ...nisaStatusFixture(2025),
          tsumitate: { annualLimit: '1200000', used: '360000', pending: '0', remaining: '840000' },
        });
      }),
    );
    const { router } = renderApp(path);
    const select = await screen.findByLabelText('表示する年');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026年（今年）', '2025年', '2024年']);
    await userEvent.selectOptions(select, '2025');
    const annual = await card('2025年の年間投資枠');
    expect(text(lists(annual)[0]!)).toBe('年間投資枠1,200,000円利用額360,000円残り840,000円');
    expect(router.state.location.search).toBe('?year=2025');
    expect(years).toContain('2025');
    // the planner stays about this year and January
    expect(text(await card('あといくら投資できますか'))).toContain('今年あと870,000円');
  });

  it('shows the planner only with next year’s 枠, so it does not grow under the reader; the holdings as a skeleton', async () => {
    let answerNextYear: () => void = () => undefined;
    const nextYearAsked = new Promise<void>((resolve) => (answerNextYear = resolve));
    apiServer.use(
      http.get(HistoryPath.nisaStatusByYear, async ({ request }) => {
        const year = new URL(request.url).searchParams.get('year');
        if (year === '2027') await nextYearAsked;
        return HttpResponse.json(nisaStatusFixture(year === null ? 2026 : Number(year)));
      }),
      http.get(AssetsPath.assets, async () => {
        await delay('infinite');
        return HttpResponse.json(nisaAssetsFixture);
      }),
    );
    const years = recordNisaCalls();
    renderApp(path);
    await waitFor(() => expect(years).toContain('2027'));
    expect(screen.queryByRole('region', { name: 'あといくら投資できますか' })).toBeNull();
    answerNextYear();
    const planner = await card('あといくら投資できますか');
    expect(text(planner)).toContain('つみたて投資枠今年あと870,000円、来年1月から');
    expect(within(planner).queryByRole('status')).toBeNull();
    const holdings = await card('NISAで保有中の商品');
    expect(within(holdings).getByRole('status')).toHaveTextContent('NISAで保有中の商品を読み込んでいます');
  });

  it('says when next year’s status is loading or failed, and still answers for this year', async () => {
    apiServer.use(
      http.get(HistoryPath.nisaStatusByYear, ({ request }) => {
        const year = new URL(request.url).searchParams.get('year');
        if (year === '2027') return HttpResponse.json(failure, { status: 404 });
        return HttpResponse.json(nisaStatusFixture(2026));
      }),
    );
    renderApp(path);
    const planner = await card('あといくら投資できますか');
    await within(planner).findByText('来年の投資枠を表示できませんでした。', undefined, { timeout: 4000 });
    expect(text(planner)).toContain('つみたて投資枠今年あと870,000円');
    expect(text(planner)).not.toContain('870,000円、来年1月から');
    apiServer.use(
      http.get(HistoryPath.nisaStatusByYear, ({ request }) =>
        HttpResponse.json(nisaStatusFixture(Number(new URL(request.url).searchParams.get('year') ?? 2026))),
      ),
    );
    await userEvent.click(within(planner).getByRole('button', { name: '再読み込み' }));
    await waitFor(() => expect(text(planner)).toContain('来年1月から1,200,000円'));
  });

  it('shows an error with a retry when the status cannot be loaded, and the figures after the retry', async () => {
    apiServer.use(http.get(HistoryPath.nisaStatusByYear, () => HttpResponse.json(failure, { status: 404 })));
    renderApp(path);
    await screen.findByText('NISAの利用状況を表示できませんでした。', undefined, { timeout: 4000 });
    apiServer.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(text(await card('あといくら投資できますか'))).toContain('今年あと870,000円');
  });

  it('hides the customer’s amounts with the privacy toggle but keeps the legal limits', async () => {
    usePrivacyStore.getState().setAmountsHidden(true);
    renderApp(path);
    const annual = await card('2026年の年間投資枠（今年）');
    const tsumitate = text(lists(annual)[0]!);
    expect(tsumitate).toContain('年間投資枠1,200,000円');
    expect(tsumitate).not.toContain('330,000');
    expect(tsumitate).toContain('＊＊＊＊円');
    expect(text(await card('あといくら投資できますか'))).not.toContain('870,000');
    expect(text(await card('生涯投資枠（簿価）'))).toContain('18,000,000円');
  });

  it('says when nothing is held in NISA yet and where to find a fund', async () => {
    apiServer.use(
      http.get(AssetsPath.assets, () =>
        HttpResponse.json({
          ...nisaAssetsFixture,
          holdings: nisaAssetsFixture.holdings.filter((holding) => holding.accountType === 'specific'),
        }),
      ),
    );
    renderApp(path);
    const holdings = await card('NISAで保有中の商品');
    await within(holdings).findByText('NISAで保有している商品はありません。');
    expect(within(holdings).getByRole('link', { name: 'NISAで購入するファンドを探す' })).toHaveAttribute(
      'href',
      '/trading',
    );
  });
});

describe('NISA口座の残高 for customers who cannot use NISA', () => {
  it('explains to an adult without a NISA account where to apply, without an error or a toast', async () => {
    apiServer.use(
      http.get(HistoryPath.nisaStatusByYear, () =>
        HttpResponse.json(
          {
            code: '400-666',
            message: 'NISA口座が開設されていないため、NISAの利用状況はご覧いただけません。',
          },
          { status: 400 },
        ),
      ),
    );
    renderApp(path);
    const notice = await card('NISA口座をお持ちでないお客さまへ');
    expect(within(notice).getByRole('link', { name: /NISA口座を申し込む/ })).toHaveAttribute(
      'href',
      expect.stringContaining('/partners/account-opening'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useUiStore.getState().toast).toBeNull();
    expect(screen.queryByText(/円$/, { selector: '.ui-figure' })).toBeNull();
  });

  it.each([
    ['CORPORATION', '法人口座ではNISAをご利用いただけません。'],
    ['CHILD', 'NISAは1月1日時点で18歳以上の方がご利用いただけます。'],
  ] as const)('explains to a %s account why NISA is not available, with no figures', async (role, lead) => {
    signInAs(role);
    const years = recordNisaCalls();
    renderApp(path);
    await screen.findByText(lead);
    // nothing is asked of the NISA status for an account that cannot have NISA
    expect(years).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.ui-figure')).toBeNull();
    expect(screen.queryByRole('region', { name: 'NISAで保有中の商品' })).toBeNull();
    expect(useUiStore.getState().toast).toBeNull();
  });

  it('explains junior NISA (no new purchases, tax-free withdrawal at any time) and shows its holdings', async () => {
    signInAs('JUNIOR_NISA');
    apiServer.use(
      http.get(AssetsPath.assets, () =>
        HttpResponse.json({
          ...nisaAssetsFixture,
          holdings: [{ ...nisaAssetsFixture.holdings[0]!, accountType: 'junior_nisa' }],
        }),
      ),
    );
    renderApp(path);
    const notice = await card('ジュニアNISAについて');
    expect(text(notice)).toContain('ジュニアNISAでの新たなご購入は、2023年で終了しました。');
    expect(text(notice)).toContain('いつでも非課税で払い出し');
    const holdings = await card('NISAで保有中の商品');
    await within(holdings).findByRole('list', { name: 'ジュニアNISA' });
    expect(within(holdings).queryByRole('link', { name: /購入/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'あといくら投資できますか' })).toBeNull();
  });
});
