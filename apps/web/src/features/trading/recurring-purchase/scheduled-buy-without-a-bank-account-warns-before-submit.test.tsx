// Issue 25: 1000009 has no bank account for 口座振替 (400-666). A 口座振替 積立 or a 毎月の入金 is refused by
// the server (400-227, decision 035); the screens say so before the customer submits: a message beside
// お支払い方法 (積立) or on the 毎月の入金 screen, no first debit date promised, no 設定する to press.
import { PlanErrorCode } from '@fund/contracts';
import { PlansPath, SaisonConnectPath } from '@fund/contracts/paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import { plansHandlers } from '../../../test/msw/plans-handlers';
import { renderApp } from '../../../test/render-app';

answerFirstWith(plansHandlers);

const base = '/trading/scheduledBuy/DEMOF004';
const missing = /口座振替の金融機関口座が登録されていないため、口座振替での積立は設定できません。/;

function noBankAccount() {
  apiServer.use(
    http.get(SaisonConnectPath.accountTransferAccount, () =>
      HttpResponse.json({ code: '400-666', message: '口座振替口座が登録されていません' }, { status: 400 }),
    ),
  );
}

beforeEach(() => {
  // 2026年12月1日 (火) 10:00 JST
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T01:00:00.000Z'));
  apiServer.use(http.get(PlansPath.recurringPurchases, () => HttpResponse.json({ recurringPurchases: [] })));
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('a 口座振替 積立 without a bank account', () => {
  it('the amount screen warns before the confirm screen, with the way to my page', async () => {
    noBankAccount();
    renderApp(`${base}/inputAmount?pay=ACCOUNT_TRANSFER&account=specific`);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent(missing);
    expect(within(alert).getByRole('link', { name: 'マイページ' })).toHaveAttribute('href', '/mypage');
  });

  it('the confirm screen says it beside お支払い方法, shows no 初回の引落日 and offers no 設定する', async () => {
    noBankAccount();
    renderApp(`${base}/confirm?pay=ACCOUNT_TRANSFER&account=specific&amount=5000`);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent(missing);
    const row = alert.closest<HTMLElement>('.ui-description-list__row');
    expect(row).toHaveTextContent('お支払い方法');
    expect(within(row!).getByRole('link', { name: 'お支払い方法を変更する' })).toHaveAttribute(
      'href',
      expect.stringContaining('/inputType?'),
    );
    expect(screen.queryByText('初回の引落日')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '設定する' })).not.toBeInTheDocument();
  });

  it('a card 積立 of the same customer is offered as before', async () => {
    noBankAccount();
    renderApp(`${base}/confirm?pay=CREDIT_CARD&account=specific&amount=5000`);
    expect(await screen.findByRole('button', { name: '設定する' }, { timeout: 4000 })).toBeEnabled();
    expect(screen.queryByText(missing)).not.toBeInTheDocument();
  });

  it('with a bank account, the confirm screen shows 初回の引落日 and 設定する', async () => {
    renderApp(`${base}/confirm?pay=ACCOUNT_TRANSFER&account=specific&amount=5000`);
    expect(await screen.findByRole('button', { name: '設定する' }, { timeout: 4000 })).toBeEnabled();
    expect(screen.getByText('初回の引落日')).toBeInTheDocument();
    expect(screen.queryByText(missing)).not.toBeInTheDocument();
  });

  it('400-227 from the server (the account went away meanwhile) stands beside お支払い方法', async () => {
    const message =
      '口座振替の金融機関口座が登録されていないため、口座振替での積立は設定できません。マイページから口座振替のお申込み方法をご確認ください。';
    apiServer.use(
      http.post(PlansPath.recurringPurchases, () =>
        HttpResponse.json({ code: PlanErrorCode.bankAccountMissing, message }, { status: 400 }),
      ),
    );
    renderApp(`${base}/confirm?pay=ACCOUNT_TRANSFER&account=specific&amount=5000`);
    await userEvent.click(await screen.findByRole('button', { name: '設定する' }, { timeout: 4000 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert.closest('.ui-description-list__row')).toHaveTextContent('お支払い方法');
  });
});

describe('a 毎月の入金 without a bank account', () => {
  it('the 毎月の入金 screen says why before the customer submits, and offers no 設定する', async () => {
    noBankAccount();
    apiServer.use(http.get(PlansPath.monthlyDeposit, () => HttpResponse.json({ monthlyDeposit: null })));
    renderApp('/trading/monthlyDeposit');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent(
      '口座振替の金融機関口座が登録されていないため、毎月の入金は設定できません。マイページで口座振替のお申込み方法をご確認ください。',
    );
    expect(screen.queryByRole('button', { name: '設定する' })).not.toBeInTheDocument();
  });
});
