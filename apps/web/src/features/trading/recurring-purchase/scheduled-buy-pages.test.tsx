import type { RecurringPurchase, RecurringPurchaseList, UnmaskedUser } from '@fund/contracts';
import { FundsPath, PlansPath, RootLoadingPath, SaisonConnectPath } from '@fund/contracts/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import { plansFundFixture, plansPlanFixture, plansHandlers } from '../../../test/msw/plans-handlers';
import { rootLoadingAnswers } from '../../../test/msw/root-loading-handlers';
import { renderApp } from '../../../test/render-app';

answerFirstWith(plansHandlers);

const base = '/trading/scheduledBuy/DEMOF005';
const text = (element: Element) => element.textContent?.replace(/\s+/g, '') ?? '';

function answerPlans(plans: RecurringPurchase[]) {
  apiServer.use(
    http.get(PlansPath.recurringPurchases, () =>
      HttpResponse.json({ recurringPurchases: plans } satisfies RecurringPurchaseList),
    ),
  );
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

const cardPlan = (amount: string): RecurringPurchase => ({
  ...plansPlanFixture,
  id: '30000000-0000-4000-8000-000000000009',
  fund: { code: 'DEMOF004', name: 'デモ・新興国株式', shortName: '新興国株式', redemptionDate: null },
  accountType: 'nisa2_growth',
  amount,
  paymentMethod: 'CREDIT_CARD',
});

beforeEach(() => {
  // 2026年11月12日 (木) 10:00 JST: inside the card window, before the month's cut-over
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-12T01:00:00.000Z'));
  answerPlans([]);
});

afterEach(() => {
  vi.useRealTimers();
  apiServer.events.removeAllListeners();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('積立 inputType', () => {
  it('shows a skeleton while the fund loads, then the payment and account choices', async () => {
    apiServer.use(
      http.get(FundsPath.fund, async () => {
        await delay(100);
        return HttpResponse.json(plansFundFixture);
      }),
    );
    renderApp(`${base}/inputType`);
    expect(await screen.findByText('積立の設定を読み込んでいます')).toBeInTheDocument();
    const payment = await screen.findByRole('group', { name: 'お支払い方法' }, { timeout: 4000 });
    expect(within(payment).getByRole('radio', { name: /口座振替/ })).toBeEnabled();
    expect(screen.getByText(/積立ではポイントはご利用いただけません/)).toBeInTheDocument();
    const accounts = screen.getByRole('group', { name: '口座区分' });
    for (const name of ['特定口座', '一般口座', 'NISA つみたて投資枠', 'NISA 成長投資枠']) {
      expect(within(accounts).getByRole('radio', { name: new RegExp(`^${name}`) })).toBeEnabled();
    }
  });

  it('turns the card off when no card is on file (400-100) and says how to register one', async () => {
    apiServer.use(
      http.get(SaisonConnectPath.point, () =>
        HttpResponse.json(
          { code: '400-100', message: 'クレジットカードが設定されていません。' },
          { status: 400 },
        ),
      ),
    );
    renderApp(`${base}/inputType`);
    const card = await screen.findByRole('radio', { name: /クレジットカード/ }, { timeout: 4000 });
    await waitFor(() => expect(card).toBeDisabled());
    expect(screen.getByRole('link', { name: 'クレジットカードを登録する' })).toHaveAttribute(
      'href',
      '/saisonConnect',
    );
  });

  it('offers a corporation the 一般口座 only, with the reason beside the others', async () => {
    signInAs('CORPORATION');
    renderApp(`${base}/inputType`);
    const accounts = await screen.findByRole('group', { name: '口座区分' }, { timeout: 4000 });
    await waitFor(() => expect(within(accounts).getByRole('radio', { name: /^特定口座/ })).toBeDisabled());
    expect(within(accounts).getByRole('radio', { name: /^一般口座/ })).toBeEnabled();
    expect(within(accounts).getByRole('radio', { name: /^NISA つみたて投資枠/ })).toBeDisabled();
    expect(text(accounts)).toContain('法人のお客さまはNISAをご利用いただけません');
  });

  it('offers a child the 特定口座 only', async () => {
    signInAs('CHILD');
    renderApp(`${base}/inputType`);
    const accounts = await screen.findByRole('group', { name: '口座区分' }, { timeout: 4000 });
    await waitFor(() => expect(within(accounts).getByRole('radio', { name: /^一般口座/ })).toBeDisabled());
    expect(within(accounts).getByRole('radio', { name: /^特定口座/ })).toBeEnabled();
    expect(text(accounts)).toContain('NISAはその年の1月1日に18歳以上の方がご利用いただけます');
  });

  it('explains to a junior NISA customer that no new 積立 can be set up', async () => {
    signInAs('JUNIOR_NISA');
    renderApp(`${base}/inputType`);
    expect(
      await screen.findByText('ジュニアNISA口座では新しく積立を設定できません', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/いつでも非課税で払い出せます/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '口座区分' })).not.toBeInTheDocument();
  });

  it('turns つみたて投資枠 off for a fund not eligible for it', async () => {
    apiServer.use(
      http.get(FundsPath.fund, () =>
        HttpResponse.json({ fund: { ...plansFundFixture.fund, nisa: { tsumitate: false, growth: true } } }),
      ),
    );
    renderApp(`${base}/inputType`);
    const accounts = await screen.findByRole('group', { name: '口座区分' }, { timeout: 4000 });
    expect(within(accounts).getByRole('radio', { name: /^NISA つみたて投資枠/ })).toBeDisabled();
    expect(text(accounts)).toContain('このファンドはつみたて投資枠の対象ではありません');
  });

  it('shows the error with a retry when the fund cannot be loaded, and loads on retry', async () => {
    let calls = 0;
    apiServer.use(
      http.get(FundsPath.fund, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: '404-000', message: 'ただいま表示できません。' }, { status: 404 })
          : HttpResponse.json(plansFundFixture);
      }),
    );
    renderApp(`${base}/inputType`);
    await userEvent.click(
      await screen.findByRole('button', { name: /再読み込み|もう一度/ }, { timeout: 4000 }),
    );
    expect(await screen.findByRole('group', { name: 'お支払い方法' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('asks for both choices before going on, then carries them in the URL', async () => {
    const { router } = renderApp(`${base}/inputType`);
    const next = await screen.findByRole('button', { name: /次へ/ }, { timeout: 4000 });
    await userEvent.click(next);
    expect(await screen.findByText('お支払い方法を選んでください')).toBeInTheDocument();
    expect(screen.getByText('口座区分を選んでください')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /口座振替/ }));
    await userEvent.click(screen.getByRole('radio', { name: /^特定口座/ }));
    await userEvent.click(next);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `${base}/inputAmount?pay=ACCOUNT_TRANSFER&account=specific`,
      ),
    );
  });
});

describe('積立 inputAmount', () => {
  it('refuses less than 5,000 yen and amounts not in 1,000-yen steps', async () => {
    renderApp(`${base}/inputAmount?pay=ACCOUNT_TRANSFER&account=specific`);
    const amount = await screen.findByRole('textbox', { name: /毎月の積立金額/ }, { timeout: 4000 });
    await userEvent.type(amount, '4000');
    await userEvent.click(screen.getByRole('button', { name: '確認画面へ' }));
    expect(await screen.findByText('積立金額は5,000円以上で入力してください')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '5500');
    expect(await screen.findByText('積立金額は1,000円単位で入力してください')).toBeInTheDocument();
  });

  it('refuses a card plan that takes the card total over 100,000 yen a month, showing the current total', async () => {
    answerPlans([cardPlan('20000')]);
    renderApp(`${base}/inputAmount?pay=CREDIT_CARD&account=specific`);
    const note = await screen.findByRole('note', { name: 'カード積立の合計' }, { timeout: 4000 });
    expect(text(note)).toContain('現在のほかのカード積立の合計：月20,000円');
    expect(text(note)).toContain('あと月80,000円まで設定できます');
    // a new card plan: the 口座振替 → card window is about a change, not said here (issue 25)
    expect(text(note)).not.toContain('口座振替からクレジットカードへの変更');
    await userEvent.type(screen.getByRole('textbox', { name: /毎月の積立金額/ }), '90000');
    await userEvent.click(screen.getByRole('button', { name: '確認画面へ' }));
    // the first month over the limit, counted from the month the plan starts (this month, November);
    // not January, the first of twelve equal months in calendar order (issue 25)
    expect(
      await screen.findByText(
        'クレジットカードでの積立は、すべての積立の合計で月100,000円までです（11月は110,000円になります）',
      ),
    ).toBeInTheDocument();
  });

  it('shows this year’s NISA room and what happens when the つみたて投資枠 is used up', async () => {
    renderApp(`${base}/inputAmount?pay=ACCOUNT_TRANSFER&account=nisa2_tsumitate`);
    const note = await screen.findByRole('note', { name: 'NISAの投資枠' }, { timeout: 4000 });
    await waitFor(() => expect(text(note)).toMatch(/年のつみたて投資枠の残り：[0-9,]+円（年間1,200,000円）/));
    expect(text(note)).toContain(
      '以降の積立は成長投資枠（残りがあれば）で、それも使い切ると特定口座（課税口座）で買い付けます',
    );
  });

  it('needs a bonus amount when a bonus month is chosen, and goes to confirm with the draft', async () => {
    const { router } = renderApp(`${base}/inputAmount?pay=ACCOUNT_TRANSFER&account=specific`);
    await userEvent.type(
      await screen.findByRole('textbox', { name: /毎月の積立金額/ }, { timeout: 4000 }),
      '10000',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'ボーナス月1' }), '6');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'ボーナス月2' }), '12');
    await userEvent.click(screen.getByRole('button', { name: '確認画面へ' }));
    expect(await screen.findByText('ボーナス月の増額分を入力してください')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /ボーナス月の増額分/ }), '20000');
    await userEvent.click(screen.getByRole('button', { name: '確認画面へ' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?pay=ACCOUNT_TRANSFER&account=specific&amount=10000&bonusMonths=6%2C12&bonusAmount=20000',
      ),
    );
  });
});

describe('積立 confirm', () => {
  const confirmPath = `${base}/confirm?pay=ACCOUNT_TRANSFER&account=specific&amount=10000`;

  it('shows the plan, its first debit and order dates and the batch flag, and sets it up once on a double tap', async () => {
    const posted: { body: unknown; key: string | null }[] = [];
    const created = {
      ...plansPlanFixture,
      startMonth: '2026-11',
      pendingChange: { batchFlag: 'create', appliesFrom: '2026-11', terms: null },
    } satisfies RecurringPurchase;
    apiServer.use(
      http.post(PlansPath.recurringPurchases, async ({ request }) => {
        posted.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        await delay(50);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    renderApp(confirmPath);
    const details = await screen.findByRole('region', { name: '初回の予定' }, { timeout: 4000 });
    // 11月12日: before the 15th, so November; the 27th is a Friday; order 2 business days later
    expect(text(details)).toContain('開始月2026年11月');
    expect(text(details)).toContain('初回の引落日2026年11月27日(金)');
    expect(text(details)).toContain('初回の買付申込日（予定）2026年12月1日(火)');
    expect(text(details)).toContain('処理区分新規設定2026年11月分の処理から反映されます');
    const submit = screen.getByRole('button', { name: '設定する' });
    await userEvent.dblClick(submit);
    expect(await screen.findByText('積立の設定を受け付けました', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({
      fundCode: 'DEMOF005',
      accountType: 'specific',
      amount: '10000',
      bonus: null,
      paymentMethod: 'ACCOUNT_TRANSFER',
      distributionCourse: 'REINVEST',
    });
    expect(screen.getByText('2026年11月分から適用されます。')).toBeInTheDocument();
  });

  it('sends the distribution course chosen for the new plan (受取)', async () => {
    const posted: unknown[] = [];
    apiServer.use(
      http.post(PlansPath.recurringPurchases, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(
          {
            ...plansPlanFixture,
            pendingChange: { batchFlag: 'create', appliesFrom: '2026-11', terms: null },
          },
          { status: 201 },
        );
      }),
    );
    renderApp(confirmPath);
    const course = await screen.findByRole('group', { name: '受取方法を選択' }, { timeout: 4000 });
    await userEvent.click(within(course).getByRole('radio', { name: /^受取/ }));
    await userEvent.click(screen.getByRole('button', { name: '設定する' }));
    await screen.findByText('積立の設定を受け付けました', {}, { timeout: 4000 });
    expect(posted).toEqual([expect.objectContaining({ distributionCourse: 'RECEIVE' })]);
  });

  it('sends the same Idempotency-Key again after a reload of the confirm screen', async () => {
    const keys: (string | null)[] = [];
    apiServer.use(
      http.post(PlansPath.recurringPurchases, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json(plansPlanFixture, { status: 201 });
      }),
    );
    const first = renderApp(confirmPath);
    await userEvent.click(await screen.findByRole('button', { name: '設定する' }, { timeout: 4000 }));
    await screen.findByText('積立の設定を受け付けました');
    first.unmount();
    renderApp(confirmPath);
    await userEvent.click(await screen.findByRole('button', { name: '設定する' }, { timeout: 4000 }));
    await screen.findByText('積立の設定を受け付けました');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows the server’s card-limit refusal beside the payment method, keeping the draft', async () => {
    const message =
      'クレジットカードでの積立は、すべての積立の合計で月10万円までです（1月は110,000円になります）。';
    apiServer.use(
      http.post(PlansPath.recurringPurchases, () =>
        HttpResponse.json({ code: '400-222', message }, { status: 400 }),
      ),
    );
    const { router } = renderApp(`${base}/confirm?pay=CREDIT_CARD&account=specific&amount=90000`);
    await userEvent.click(await screen.findByRole('button', { name: '設定する' }, { timeout: 4000 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    const row = alert.closest('div');
    expect(row === null ? '' : text(row)).toContain('お支払い方法');
    expect(router.state.location.search).toContain('amount=90000');
  });

  it('says the account is locked for 400-100', async () => {
    apiServer.use(
      http.post(PlansPath.recurringPurchases, () =>
        HttpResponse.json({ code: '400-100', message: 'locked' }, { status: 400 }),
      ),
    );
    renderApp(confirmPath);
    await userEvent.click(await screen.findByRole('button', { name: '設定する' }, { timeout: 4000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('アカウントロックされているため');
  });

  it('shows a missing account (400-215) at the account type', async () => {
    apiServer.use(
      http.post(PlansPath.recurringPurchases, () =>
        HttpResponse.json({ code: '400-215', message: '証券口座が開設されていません。' }, { status: 400 }),
      ),
    );
    renderApp(confirmPath);
    await userEvent.click(await screen.findByRole('button', { name: '設定する' }, { timeout: 4000 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('証券口座が開設されていません。');
    expect(text(alert.closest('div') ?? alert)).toContain('口座区分');
  });

  it('sends a changed plan with PUT and shows from which month it applies', async () => {
    answerPlans([plansPlanFixture]);
    let body: unknown;
    apiServer.use(
      http.put(PlansPath.recurringPurchase, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          ...plansPlanFixture,
          pendingChange: {
            batchFlag: 'update',
            appliesFrom: '2026-11',
            terms: { amount: '15000', bonus: null, paymentMethod: 'CREDIT_CARD' },
          },
        } satisfies RecurringPurchase);
      }),
    );
    renderApp(`${base}/confirm?plan=${plansPlanFixture.id}&pay=CREDIT_CARD&amount=15000`);
    const details = await screen.findByRole('region', { name: '変更の適用' }, { timeout: 4000 });
    // transfer → card on 11月12日: inside the window, so November
    expect(text(details)).toContain('適用開始月2026年11月');
    expect(text(details)).toContain('処理区分変更');
    await userEvent.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('積立の変更を受け付けました', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(body).toEqual({ amount: '15000', bonus: null, paymentMethod: 'CREDIT_CARD' });
    expect(screen.getByRole('note', { name: 'お手続き中の変更' })).toHaveTextContent('2026年11月分から');
  });
});

describe('積立 plan management (?plan=ID)', () => {
  it('shows the plan and its pending change, and suspends it after a confirmation', async () => {
    answerPlans([
      {
        ...plansPlanFixture,
        pendingChange: {
          batchFlag: 'update',
          appliesFrom: '2026-12',
          terms: { amount: '20000', bonus: null, paymentMethod: 'ACCOUNT_TRANSFER' },
        },
      },
    ]);
    const moves: string[] = [];
    apiServer.use(
      http.post(PlansPath.recurringPurchaseSuspend, ({ request }) => {
        moves.push(request.headers.get('Idempotency-Key') ?? 'no key');
        return HttpResponse.json({ ...plansPlanFixture, status: 'SUSPENDED' } satisfies RecurringPurchase);
      }),
    );
    renderApp(`${base}/inputType?plan=${plansPlanFixture.id}`);
    const pending = await screen.findByRole('note', { name: 'お手続き中の変更' }, { timeout: 4000 });
    expect(text(pending)).toContain('変更・2026年12月分から');
    expect(text(pending)).toContain(
      '2026年12月分（2026年12月28日(月)のお引落し）から、毎月20,000円・口座振替に変わります',
    );
    await userEvent.click(screen.getByRole('button', { name: '積立を停止する' }));
    expect(screen.getByText(/次回2026年11月27日\(金\)のお引落しから/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '停止する' }));
    expect(await screen.findByText(/積立を停止しました/)).toBeInTheDocument();
    expect(moves).toHaveLength(1);
    expect(moves[0]).not.toBe('no key');
  });

  it('cancels with the month it takes effect, and shows a 409 refusal in place', async () => {
    answerPlans([plansPlanFixture]);
    apiServer.use(
      http.post(PlansPath.recurringPurchaseCancel, () =>
        HttpResponse.json({ code: '409-205', message: '解約済みの積立は変更できません。' }, { status: 409 }),
      ),
    );
    renderApp(`${base}/inputType?plan=${plansPlanFixture.id}`);
    await userEvent.click(await screen.findByRole('button', { name: '積立を解約する' }, { timeout: 4000 }));
    expect(screen.getByText(/解約は取り消せません。2026年11月分から積立を行いません/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '解約する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('解約済みの積立は変更できません。');
  });

  it('says so when the plan is not among the customer’s plans', async () => {
    renderApp(`${base}/inputType?plan=30000000-0000-4000-8000-00000000ffff`);
    expect(
      await screen.findByText('ご指定の積立が見つかりません', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});
