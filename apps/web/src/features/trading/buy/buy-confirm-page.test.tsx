import type { OrderEstimate } from '@fund/contracts';
import { AssetsPath, TradingPath } from '@fund/contracts/paths';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buyEstimateFixture, buyOrderFixture, buyHandlers } from '../../../test/msw/buy-handlers';
import { nisaAssetsFixture } from '../../../test/msw/nisa-handlers';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import { renderApp } from '../../../test/render-app';

answerFirstWith(buyHandlers);

const confirmPath = '/trading/buy/DEMOF003/confirm?type=AMOUNT&amount=50000&account=specific';

function answerEstimate(estimate: Partial<OrderEstimate> = {}) {
  const bodies: unknown[] = [];
  apiServer.use(
    http.post(TradingPath.estimate, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ ...buyEstimateFixture, ...estimate });
    }),
  );
  return bodies;
}

/** Counts the buys and their keys; answers after a pause so a second tap lands while the first runs. */
function countBuys(
  answer: () => Response = () => HttpResponse.json({ order: buyOrderFixture }, { status: 201 }),
) {
  const calls: { key: string | null; body: unknown }[] = [];
  apiServer.use(
    http.post(TradingPath.buy, async ({ request }) => {
      calls.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
      await delay(50);
      return answer();
    }),
  );
  return calls;
}

async function renderConfirm(path = confirmPath) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('buy confirm: the estimate', () => {
  it('shows the estimate of the draft in the URL, says it is one, with 申込日/約定日/受渡日, 取消期限 and no tax at purchase', async () => {
    const bodies = answerEstimate();
    await renderConfirm();
    expect(await screen.findByText(/実際の口数（金額）は約定日の基準価額で決まります/)).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      side: 'BUY',
      fundCode: 'DEMOF003',
      accountType: 'specific',
      orderType: 'AMOUNT',
      amount: '50000',
      paymentMethod: 'ACCOUNT_TRANSFER',
      points: '0',
    });
    expect(term('購入金額')).toHaveTextContent('50,000円');
    expect(term('概算口数')).toHaveTextContent('12,962口');
    expect(term('口座区分')).toHaveTextContent('特定口座');
    expect(term('お預り金からのお支払い')).toHaveTextContent('50,000円');
    expect(term('申込日')).toHaveTextContent('2026年11月26日');
    expect(term('約定日')).toHaveTextContent('2026年11月26日');
    expect(term('受渡日')).toHaveTextContent('2026年12月1日');
    // 06:00Z is 15:00 in Tokyo
    expect(term('取消期限')).toHaveTextContent('2026年11月26日 15:00まで');
    expect(screen.getByText(/購入時に税金はかかりません。売却時の利益には20.315%/)).toBeInTheDocument();
    expect(await screen.findByText('みなと日本株式インデックスファンド')).toBeInTheDocument();
  });

  it('shows the points used and their yen value, and the NISA 枠 used and the room left after it', async () => {
    answerEstimate({
      accountType: 'nisa2_growth',
      points: '200',
      pointsValue: '900',
      cashAmount: '49100',
      nisa: {
        bucket: 'growth',
        year: 2026,
        amount: '50000',
        annualRoomAfter: '1830000',
        growthLifetimeRoomAfter: '10359999',
        lifetimeRoomAfter: '15339999',
      },
    });
    await renderConfirm(
      '/trading/buy/DEMOF003/confirm?type=AMOUNT&amount=50000&account=nisa2_growth&points=200',
    );
    await screen.findByText('ご利用ポイント');
    expect(term('ご利用ポイント')).toHaveTextContent('200ポイント900円分をお支払いに充当');
    expect(term('お預り金からのお支払い')).toHaveTextContent('49,100円');
    expect(term('利用する枠')).toHaveTextContent('成長投資枠（2026年）');
    expect(term('2026年の成長投資枠の残り（購入後）')).toHaveTextContent('1,830,000円');
    expect(term('生涯の非課税限度額の残り（購入後）')).toHaveTextContent('15,339,999円');
    expect(screen.getByText(/NISA口座での売却益は非課税です/)).toBeInTheDocument();
  });

  it('holds the page until the estimate is there (the route loader): no half-empty confirmation', async () => {
    apiServer.use(
      http.post(TradingPath.estimate, async () => {
        await delay(200);
        return HttpResponse.json(buyEstimateFixture);
      }),
    );
    await renderConfirm();
    expect(screen.queryByText('ご注文の概算を読み込んでいます')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '注文する' })).toBeInTheDocument();
  });

  it('sends the customer back to input when the address holds no draft', async () => {
    await renderConfirm('/trading/buy/DEMOF003/confirm?type=AMOUNT&amount=abc');
    expect(screen.getByText(/ご注文の内容が見つかりません/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '購入金額の入力へ' })).toHaveAttribute(
      'href',
      '/trading/buy/DEMOF003/input',
    );
  });

  it('shows an estimate refusal (NISA annual limit) with the way back to input keeping the figures', async () => {
    apiServer.use(
      http.post(TradingPath.estimate, () =>
        HttpResponse.json({ code: '400-210', message: 'x' }, { status: 400 }),
      ),
    );
    await renderConfirm('/trading/buy/DEMOF003/confirm?type=AMOUNT&amount=3000000&account=nisa2_growth');
    expect(await screen.findByText(/年間投資枠（受渡日の年）を超えています/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '入力画面に戻る' })).toHaveAttribute(
      'href',
      '/trading/buy/DEMOF003/input?type=AMOUNT&amount=3000000&account=nisa2_growth&refusal=400-210',
    );
  });
});

describe('buy confirm: placing the order', () => {
  it('places one order for a double tap, with one Idempotency-Key, and shows the completion with the order', async () => {
    answerEstimate();
    const buys = countBuys();
    const { router } = await renderConfirm();
    const button = await screen.findByRole('button', { name: '注文する' });
    await userEvent.dblClick(button);
    await screen.findByRole('heading', { level: 1, name: '注文を受け付けました' });
    expect(buys).toHaveLength(1);
    expect(buys[0]?.body).toEqual({
      fundCode: 'DEMOF003',
      accountType: 'specific',
      orderType: 'AMOUNT',
      amount: '50000',
      paymentMethod: 'ACCOUNT_TRANSFER',
      points: '0',
      distributionCourse: 'REINVEST',
    });
    expect(router.state.location.search).toBe(`?order=${buyOrderFixture.id}`);
    expect(await screen.findByText(buyOrderFixture.id)).toBeInTheDocument();
    expect(term('ファンド')).toHaveTextContent('みなと日本株式インデックスファンド');
    expect(term('購入金額')).toHaveTextContent('50,000円');
    expect(term('受渡日')).toHaveTextContent('2026年12月1日');
    expect(screen.getByRole('link', { name: '注文を確認する' })).toHaveAttribute(
      'href',
      '/cashflows?tab=orders',
    );
    expect(screen.getByRole('link', { name: 'ホームへ' })).toHaveAttribute('href', '/');
  });

  it('sends the same Idempotency-Key after a reload of the confirm page, so the server places one order', async () => {
    answerEstimate();
    const buys = countBuys(() => HttpResponse.json({ code: '500-000', message: 'x' }, { status: 500 }));
    await renderConfirm();
    await userEvent.click(await screen.findByRole('button', { name: '注文する' }));
    await screen.findByText(/しばらく時間をおいて再度お試しください/);
    cleanup(); // the reload: a new app on the same address, the tab's session storage kept
    await renderConfirm();
    await userEvent.click(await screen.findByRole('button', { name: '注文する' }));
    await waitFor(() => expect(buys).toHaveLength(2));
    expect(buys[0]?.key).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(buys[1]?.key).toBe(buys[0]?.key);
  });

  it('retries after a network failure with the same key and then completes', async () => {
    answerEstimate();
    const keys: (string | null)[] = [];
    apiServer.use(
      http.post(TradingPath.buy, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1
          ? HttpResponse.error()
          : HttpResponse.json({ order: buyOrderFixture }, { status: 201 });
      }),
    );
    await renderConfirm();
    await userEvent.click(await screen.findByRole('button', { name: '注文する' }));
    expect(await screen.findByText(/二重に注文されることはありません/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'もう一度注文する' }));
    await screen.findByRole('heading', { level: 1, name: '注文を受け付けました' });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives a new key to a new intent: back to input and confirm again', async () => {
    answerEstimate();
    apiServer.use(
      http.get(AssetsPath.assets, () => HttpResponse.json({ ...nisaAssetsFixture, cashBalance: '100000' })),
    );
    const buys = countBuys();
    const { router } = await renderConfirm();
    await userEvent.click(await screen.findByRole('button', { name: '注文する' }));
    await screen.findByRole('heading', { level: 1, name: '注文を受け付けました' });
    await router.navigate('/trading/buy/DEMOF003/input?type=AMOUNT&amount=50000&account=specific');
    await userEvent.click(await screen.findByRole('button', { name: '確認画面へ進む' }));
    await userEvent.click(await screen.findByRole('button', { name: '注文する' }));
    await waitFor(() => expect(buys).toHaveLength(2));
    expect(buys[1]?.key).not.toBe(buys[0]?.key);
  });

  it.each([
    ['400-205', /お預り金が不足しています/],
    ['400-210', /年間投資枠（受渡日の年）を超えています/],
    ['400-211', /成長投資枠の生涯上限（12,000,000円）を超えています/],
    ['400-212', /生涯非課税限度額（18,000,000円）を超えています/],
    ['409-201', /最新の交付目論見書をご確認ください/],
    ['400-202', /200ポイント以上、100ポイント単位/],
    ['400-203', /ご利用可能なポイントが不足しています/],
    ['400-204', /ご利用ポイントの金額が購入金額を超えています/],
    ['400-214', /このファンドは現在ご購入いただけません/],
    ['400-100', /お取引が制限されているため/],
    ['400-215', /口座が開設されていないか、閉鎖されているため/],
  ])(
    'shows the refusal %s in Japanese with the way back to input keeping the figures',
    async (code, message) => {
      answerEstimate();
      countBuys(() =>
        HttpResponse.json({ code, message: 'server text' }, { status: code.startsWith('409') ? 409 : 400 }),
      );
      await renderConfirm();
      await userEvent.click(await screen.findByRole('button', { name: '注文する' }));
      const alert = await screen.findByText(message);
      expect(alert).toHaveAttribute('role', 'alert');
      expect(screen.queryByRole('button', { name: /注文する/ })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: '入力画面に戻る' })).toHaveAttribute(
        'href',
        `/trading/buy/DEMOF003/input?type=AMOUNT&amount=50000&account=specific&refusal=${code}`,
      );
    },
  );

  it('holds the order button while the estimate says the prospectus is not confirmed', async () => {
    answerEstimate({ prospectusConfirmed: false });
    await renderConfirm();
    expect(await screen.findByRole('button', { name: '注文する' })).toBeDisabled();
    expect(
      within(screen.getByRole('alert')).getByText(/最新の交付目論見書をご確認ください/),
    ).toBeInTheDocument();
  });
});
