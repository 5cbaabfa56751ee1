import type { MonthlyDeposit } from '@fund/contracts';
import { PlansPath } from '@fund/contracts/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import { plansDepositFixture, plansHandlers } from '../../../test/msw/plans-handlers';
import { renderApp } from '../../../test/render-app';

answerFirstWith(plansHandlers);

const path = '/trading/monthlyDeposit';

afterEach(() => {
  apiServer.events.removeAllListeners();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('毎月の入金 signed in', () => {
  it('keeps the signed-in frame: the tab bar with 取引 as the section, and the menu entry as the page', async () => {
    renderApp(path);
    await screen.findByRole('region', { name: '現在の設定' }, { timeout: 4000 });
    const tabs = screen.getByRole('navigation', { name: '主なページ' });
    expect(within(tabs).getByRole('link', { name: '取引' })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'メニュー' }));
    const menu = await screen.findByRole('navigation', { name: 'メニュー' });
    expect(within(menu).getByRole('link', { name: '毎月の入金' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the current setting and saves a changed amount and day', async () => {
    let saved: unknown;
    apiServer.use(
      http.put(PlansPath.monthlyDeposit, async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({
          monthlyDeposit: { ...plansDepositFixture.monthlyDeposit, amount: '50000', day: 25 },
        } satisfies MonthlyDeposit);
      }),
    );
    renderApp(path);
    const current = await screen.findByRole('region', { name: '現在の設定' }, { timeout: 4000 });
    expect(current).toHaveTextContent('毎月30,000円');
    expect(current).toHaveTextContent('毎月10日');
    const amount = screen.getByRole('textbox', { name: /毎月の入金額/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '50000');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /入金日/ }), '25');
    await userEvent.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('毎月25日に50,000円を入金する設定を保存しました。')).toBeInTheDocument();
    expect(saved).toEqual({ amount: '50000', day: 25 });
    expect(current).toHaveTextContent('毎月50,000円');
  });

  it('sets one up when there is none, asking for the amount first', async () => {
    apiServer.use(http.get(PlansPath.monthlyDeposit, () => HttpResponse.json({ monthlyDeposit: null })));
    renderApp(path);
    expect(
      await screen.findByText('毎月の入金は設定されていません。', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '設定する' }));
    expect(await screen.findByText('毎月の入金額を入力してください')).toBeInTheDocument();
    expect(screen.getByText('入金日を選んでください')).toBeInTheDocument();
  });

  it('shows a refusal in Japanese at the form, keeping what was typed', async () => {
    apiServer.use(
      http.put(PlansPath.monthlyDeposit, () =>
        HttpResponse.json({ code: '400-100', message: 'locked' }, { status: 400 }),
      ),
    );
    renderApp(path);
    await screen.findByRole('region', { name: '現在の設定' }, { timeout: 4000 });
    await userEvent.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText(/アカウントロックされているため/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /毎月の入金額/ })).toHaveValue('30,000');
  });

  it('stops it after a confirmation', async () => {
    let stopped = 0;
    apiServer.use(
      http.delete(PlansPath.monthlyDeposit, () => {
        stopped += 1;
        return HttpResponse.json({ monthlyDeposit: null } satisfies MonthlyDeposit);
      }),
    );
    renderApp(path);
    await userEvent.click(
      await screen.findByRole('button', { name: '毎月の入金を停止する' }, { timeout: 4000 }),
    );
    await userEvent.click(screen.getByRole('button', { name: '停止する' }));
    await waitFor(() => expect(stopped).toBe(1));
    expect(await screen.findByText('毎月の入金は設定されていません。')).toBeInTheDocument();
  });

  it('shows the error with a retry when the setting cannot be loaded', async () => {
    apiServer.use(
      http.get(PlansPath.monthlyDeposit, () =>
        HttpResponse.json({ code: '404-000', message: 'ただいま表示できません。' }, { status: 404 }),
      ),
    );
    renderApp(path);
    expect(
      await screen.findByRole('button', { name: /再読み込み|もう一度/ }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});
