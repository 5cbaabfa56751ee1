import type { RecurringPurchase, RecurringPurchaseList } from '@fund/contracts';
import { PlansPath } from '@fund/contracts/paths';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import { plansHandlers, plansPlanFixture } from '../../../test/msw/plans-handlers';
import { renderApp } from '../../../test/render-app';

// issue 25: 積立内容の確認 and 積立の完了 said 「新規設定（create）」, and a new card plan was told about
// 「口座振替からクレジットカードへの変更」, which only a change of an existing plan's payment is about.

answerFirstWith(plansHandlers);

const base = '/trading/scheduledBuy/DEMOF005';
const switchNote = '口座振替からクレジットカードへの変更';

function answerPlans(plans: RecurringPurchase[]) {
  apiServer.use(
    http.get(PlansPath.recurringPurchases, () =>
      HttpResponse.json({ recurringPurchases: plans } satisfies RecurringPurchaseList),
    ),
  );
}

beforeEach(() => {
  // 2026年11月12日 (木) 10:00 JST: inside the card window
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-12T01:00:00.000Z'));
  answerPlans([]);
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('積立: what the screens say', () => {
  it('names the batch step in Japanese only, on the confirmation and after setting up', async () => {
    apiServer.use(
      http.post(PlansPath.recurringPurchases, () =>
        HttpResponse.json(
          {
            ...plansPlanFixture,
            startMonth: '2026-11',
            pendingChange: { batchFlag: 'create', appliesFrom: '2026-11', terms: null },
          } satisfies RecurringPurchase,
          { status: 201 },
        ),
      ),
    );
    renderApp(`${base}/confirm?pay=ACCOUNT_TRANSFER&account=specific&amount=10000`);
    const details = await screen.findByRole('region', { name: '初回の予定' }, { timeout: 4000 });
    expect(details).toHaveTextContent('新規設定');
    expect(details.textContent).not.toMatch(/create|update|cancel/);
    await userEvent.click(screen.getByRole('button', { name: '設定する' }));
    const pending = await screen.findByRole('note', { name: 'お手続き中の変更' }, { timeout: 4000 });
    expect(pending).toHaveTextContent('お手続き中：新規設定・2026年11月分から');
    expect(document.body.textContent).not.toMatch(/（create）|（update）|（cancel）/);
  });

  it('does not explain the switch from 口座振替 to a new card plan', async () => {
    renderApp(`${base}/inputAmount?pay=CREDIT_CARD&account=specific`);
    const note = await screen.findByRole('note', { name: 'カード積立の合計' }, { timeout: 4000 });
    expect(note).not.toHaveTextContent(switchNote);
    expect(document.body).not.toHaveTextContent(switchNote);
  });

  it('explains the card window when a 口座振替 plan changes to the card', async () => {
    answerPlans([plansPlanFixture]);
    renderApp(`${base}/inputAmount?plan=${plansPlanFixture.id}&pay=CREDIT_CARD`);
    const note = await screen.findByRole('note', { name: 'カード積立の合計' }, { timeout: 4000 });
    expect(note).toHaveTextContent(switchNote);
    expect(note).toHaveTextContent('11月10日〜15日にお手続きください');
  });
});
