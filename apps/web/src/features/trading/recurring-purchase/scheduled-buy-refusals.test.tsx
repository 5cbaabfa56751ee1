// Each rule the plans API refuses a 積立 with has its own code (PlanErrorCode, and the orders' codes it
// shares): the confirm screen shows the server's message beside the row it is about, with the way back to
// the step that changes it, and keeps the draft.
import { PlanErrorCode, TradingErrorCode, type RecurringPurchase } from '@fund/contracts';
import { PlansPath } from '@fund/contracts/paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import { plansHandlers, plansPlanFixture } from '../../../test/msw/plans-handlers';
import { renderApp } from '../../../test/render-app';

answerFirstWith(plansHandlers);

const base = '/trading/scheduledBuy/DEMOF005';
const text = (element: Element) => element.textContent?.replace(/\s+/g, '') ?? '';

function refuseCreate(code: string, message: string) {
  apiServer.use(
    http.post(PlansPath.recurringPurchases, () =>
      HttpResponse.json({ code, message }, { status: Number(code.slice(0, 3)) }),
    ),
  );
}

/** Submits the confirm screen of `search` and answers the row the refusal is shown in. */
async function refusedRow(search: string): Promise<HTMLElement> {
  renderApp(`${base}/confirm?${search}`);
  await userEvent.click(await screen.findByRole('button', { name: '設定する' }, { timeout: 4000 }));
  const alert = await screen.findByRole('alert');
  const row = alert.closest<HTMLElement>('.ui-description-list__row');
  if (row === null) throw new Error('the refusal is not beside a row');
  return row;
}

beforeEach(() => {
  // 2026年11月12日 (木) 10:00 JST
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-12T01:00:00.000Z'));
  apiServer.use(http.get(PlansPath.recurringPurchases, () => HttpResponse.json({ recurringPurchases: [] })));
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('積立 refusals by code, at the row they are about', () => {
  it('400-220: the monthly amount, beside 積立金額 with the way back to the amount', async () => {
    const message = '積立金額は1,000円単位で指定してください。';
    refuseCreate(PlanErrorCode.recurringAmountInvalid, message);
    const row = await refusedRow('pay=ACCOUNT_TRANSFER&account=specific&amount=10500');
    expect(text(row)).toContain('積立金額');
    expect(within(row).getByRole('alert')).toHaveTextContent(message);
    expect(within(row).getByRole('link', { name: '変更する' })).toHaveAttribute(
      'href',
      expect.stringContaining('/inputAmount?'),
    );
  });

  it('400-221: the bonus months, beside 積立金額 (which shows the bonus)', async () => {
    const message = 'ボーナス月の増額分は1,000円単位で指定してください。';
    refuseCreate(PlanErrorCode.bonusInvalid, message);
    const row = await refusedRow(
      'pay=ACCOUNT_TRANSFER&account=specific&amount=10000&bonusMonths=6,12&bonusAmount=5000',
    );
    expect(text(row)).toContain('積立金額');
    expect(within(row).getByRole('alert')).toHaveTextContent(message);
  });

  it('400-222: the card limit of 100,000 yen a month, beside お支払い方法, the draft kept', async () => {
    const message =
      'クレジットカードでの積立は、すべての積立の合計で月10万円までです（12月は110,000円になります）。';
    refuseCreate(PlanErrorCode.cardMonthlyLimit, message);
    const row = await refusedRow('pay=CREDIT_CARD&account=specific&amount=90000');
    expect(text(row)).toContain('お支払い方法');
    expect(within(row).getByRole('alert')).toHaveTextContent(message);
    expect(within(row).getByRole('link', { name: '変更する' })).toHaveAttribute(
      'href',
      expect.stringContaining('amount=90000'),
    );
  });

  it('400-222 without a message of the server: the rule in the spec’s figures', async () => {
    refuseCreate(PlanErrorCode.cardMonthlyLimit, '');
    const row = await refusedRow('pay=CREDIT_CARD&account=specific&amount=90000');
    expect(within(row).getByRole('alert')).toHaveTextContent(
      'クレジットカードでの積立は、すべての積立の合計で月100,000円までです。',
    );
  });

  it('400-226: no card to charge (none linked, or expired since the screen loaded), beside お支払い方法', async () => {
    const message =
      'クレジットカードが登録されていないため、クレジットカードでの積立は設定できません。マイページからカードを登録してください。';
    refuseCreate(PlanErrorCode.cardNotChargeable, message);
    const row = await refusedRow('pay=CREDIT_CARD&account=specific&amount=10000');
    expect(text(row)).toContain('お支払い方法');
    expect(within(row).getByRole('alert')).toHaveTextContent(message);
  });

  it('409-204: a plan of the fund in that account exists, beside 口座区分 with a way to choose another', async () => {
    const message = 'このファンドと口座区分の積立はすでに設定されています。';
    refuseCreate(PlanErrorCode.planAlreadyExists, message);
    const row = await refusedRow('pay=ACCOUNT_TRANSFER&account=specific&amount=10000');
    expect(text(row)).toContain('口座区分');
    expect(within(row).getByRole('alert')).toHaveTextContent(message);
    expect(within(row).getByRole('link', { name: '口座区分を変更する' })).toHaveAttribute(
      'href',
      expect.stringContaining('/inputType?'),
    );
  });

  it.each([
    [TradingErrorCode.nisaNotEligible, 'NISA口座をお持ちでないため、NISAではお申込みいただけません。'],
    [TradingErrorCode.nisaNotAllowed, 'このファンドはつみたて投資枠の対象ではありません。'],
    [TradingErrorCode.accountNotAllowed, 'ご指定の口座区分ではお申込みいただけません。'],
  ])('%s: a NISA or account-type rule, beside 口座区分', async (code, message) => {
    refuseCreate(code, message);
    const row = await refusedRow('pay=ACCOUNT_TRANSFER&account=nisa2_tsumitate&amount=10000');
    expect(text(row)).toContain('口座区分');
    expect(within(row).getByRole('alert')).toHaveTextContent(message);
  });

  it('400-214: the fund takes no 積立 now, on the form', async () => {
    refuseCreate(TradingErrorCode.fundNotOnSale, 'このファンドは現在買付を停止しています。');
    renderApp(`${base}/confirm?pay=ACCOUNT_TRANSFER&account=specific&amount=10000`);
    await userEvent.click(await screen.findByRole('button', { name: '設定する' }, { timeout: 4000 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('このファンドは現在買付を停止しています。');
    expect(alert.closest('.ui-description-list__row')).toBeNull();
  });

  it('409-205: a move the plan’s status does not allow, in the move’s confirmation', async () => {
    apiServer.use(
      http.get(PlansPath.recurringPurchases, () =>
        HttpResponse.json({ recurringPurchases: [plansPlanFixture satisfies RecurringPurchase] }),
      ),
      http.post(PlansPath.recurringPurchaseSuspend, () =>
        HttpResponse.json(
          { code: PlanErrorCode.planStatusConflict, message: 'すでに停止されています。' },
          { status: 409 },
        ),
      ),
    );
    renderApp(`${base}/inputType?plan=${plansPlanFixture.id}`);
    await userEvent.click(await screen.findByRole('button', { name: '積立を停止する' }, { timeout: 4000 }));
    await userEvent.click(screen.getByRole('button', { name: '停止する' }));
    const move = screen.getByRole('alertdialog', { name: '積立を停止しますか' });
    expect(await within(move).findByRole('alert')).toHaveTextContent('すでに停止されています。');
  });
});
