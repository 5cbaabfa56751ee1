import type { RecurringPurchase } from '@fund/contracts';
import { PlansPath } from '@fund/contracts/paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plansHandlers, plansPlanFixture } from '../../../test/msw/plans-handlers';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import { renderApp } from '../../../test/render-app';

// Issue 25: 積立を停止する and 積立を解約する asked 「…しますか」 in place without a screen reader hearing it,
// and after the answer the focus fell to <body>. The question is an alert dialog that takes the focus;
// the result takes it after 停止する / 解約する, and やめる gives it back to the button that asked.
answerFirstWith(plansHandlers);

const planPath = `/trading/scheduledBuy/DEMOF005/inputType?plan=${plansPlanFixture.id}`;

function answerPlans(plans: RecurringPurchase[]) {
  apiServer.use(
    http.get(PlansPath.recurringPurchases, () => HttpResponse.json({ recurringPurchases: plans })),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-12T01:00:00.000Z'));
  answerPlans([plansPlanFixture]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a 積立 plan’s 停止 and 解約 questions', { timeout: 15_000 }, () => {
  it('announces 積立を停止しますか with what it does, focused; after 停止する the result has the focus', async () => {
    let plan: RecurringPurchase = plansPlanFixture;
    apiServer.use(
      http.get(PlansPath.recurringPurchases, () => HttpResponse.json({ recurringPurchases: [plan] })),
      http.post(PlansPath.recurringPurchaseSuspend, () => {
        plan = { ...plansPlanFixture, status: 'SUSPENDED' };
        return HttpResponse.json(plan);
      }),
    );
    renderApp(planPath);
    await userEvent.click(await screen.findByRole('button', { name: '積立を停止する' }, { timeout: 4000 }));
    const question = screen.getByRole('alertdialog', { name: '積立を停止しますか' });
    expect(question).toHaveFocus();
    expect(question).toHaveAccessibleDescription(/次回2026年11月27日\(金\)のお引落しから/);
    await userEvent.click(screen.getByRole('button', { name: '停止する' }));
    const done = await screen.findByText(/積立を停止しました/, {}, { timeout: 4000 });
    expect(done).toHaveAttribute('role', 'status');
    await waitFor(() => expect(done).toHaveFocus());
  });

  it('after 解約する the result has the focus, also once the plan shows as cancelled', async () => {
    let plan: RecurringPurchase = plansPlanFixture;
    apiServer.use(
      http.get(PlansPath.recurringPurchases, () => HttpResponse.json({ recurringPurchases: [plan] })),
      http.post(PlansPath.recurringPurchaseCancel, () => {
        plan = { ...plansPlanFixture, status: 'CANCELED' };
        return HttpResponse.json(plan);
      }),
    );
    renderApp(planPath);
    await userEvent.click(await screen.findByRole('button', { name: '積立を解約する' }, { timeout: 4000 }));
    expect(screen.getByRole('alertdialog', { name: '積立を解約しますか' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: '解約する' }));
    await screen.findByText(/この積立は解約済みです/, {}, { timeout: 4000 });
    const done = screen.getByText(/積立の解約を受け付けました/);
    await waitFor(() => expect(done).toHaveFocus());
  });

  it('やめる gives the focus back to the button that asked', async () => {
    renderApp(planPath);
    await userEvent.click(await screen.findByRole('button', { name: '積立を解約する' }, { timeout: 4000 }));
    await userEvent.click(screen.getByRole('button', { name: 'やめる' }));
    expect(screen.getByRole('button', { name: '積立を解約する' })).toHaveFocus();
  });
});
