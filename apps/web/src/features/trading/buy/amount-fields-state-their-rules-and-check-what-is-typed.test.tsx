import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buyHandlers } from '../../../test/msw/buy-handlers';
import { plansHandlers } from '../../../test/msw/plans-handlers';
import { answerFirstWith } from '../../../test/msw/server';
import { renderApp } from '../../../test/render-app';

// issue 25: buy amount 0 said 「金額は半角数字（整数）で入力してください」, the minimum was never stated, 1円 passed
// the input step and letters vanished. Every amount field states its rule (from packages/contracts'
// amount-rules, the figures the API refuses beyond) before typing, tied to the box, and checks as typed.

answerFirstWith([...buyHandlers, ...plansHandlers]);

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

async function buyAmountBox() {
  renderApp('/trading/buy/DEMOF003/input');
  return screen.findByRole('textbox', { name: /購入金額/ }, { timeout: 4000 });
}

describe('amount fields', () => {
  it('states the buy amount rule before typing: one unit at the latest price (基準価額 38,573円 → 4円), 1円 steps, the order limit', async () => {
    const box = await buyAmountBox();
    expect(box).toHaveAccessibleDescription(
      /^4円以上（最新の基準価額で1口以上になる金額）、1円単位、1,000,000,000円まで/,
    );
  });

  it('says 0 and an amount that buys no unit are below the minimum, as typed', async () => {
    const user = userEvent.setup();
    const box = await buyAmountBox();
    await user.type(box, '0');
    await waitFor(() => expect(box).toHaveAccessibleDescription(/購入金額は4円以上で入力してください/));
    expect(box).not.toHaveAccessibleDescription(/半角数字/);
    await user.clear(box);
    await user.type(box, '1');
    await waitFor(() => expect(box).toHaveAccessibleDescription(/購入金額は4円以上で入力してください/));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.type(box, '000');
    await waitFor(() => expect(box).not.toHaveAttribute('aria-invalid'));
  });

  it('names letters typed instead of dropping them silently', async () => {
    const user = userEvent.setup();
    const box = await buyAmountBox();
    await user.type(box, '12a');
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(/購入金額は数字で入力してください（「a」は入力できません）/),
    );
    expect(box).toHaveValue('12');
  });

  it('states the 積立 rule (5,000円以上、1,000円単位) and refuses 4,000円 as typed', async () => {
    const user = userEvent.setup();
    renderApp('/trading/scheduledBuy/DEMOF005/inputAmount?pay=ACCOUNT_TRANSFER&account=specific');
    const box = await screen.findByRole('textbox', { name: /毎月の積立金額/ }, { timeout: 4000 });
    expect(box).toHaveAccessibleDescription('5,000円以上、1,000円単位、100,000,000円まで');
    const bonus = screen.getByRole('textbox', { name: /ボーナス月の増額分/ });
    expect(bonus).toHaveAccessibleDescription(/^5,000円以上、1,000円単位、100,000,000円まで/);
    await user.type(box, '4000');
    await waitFor(() => expect(box).toHaveAccessibleDescription(/積立金額は5,000円以上で入力してください/));
  });

  it('states the 毎月の入金 rule before typing', async () => {
    renderApp('/trading/monthlyDeposit');
    const box = await screen.findByRole('textbox', { name: /毎月の入金額/ }, { timeout: 4000 });
    expect(box).toHaveAccessibleDescription('1円以上、1円単位、100,000,000円まで');
  });
});
