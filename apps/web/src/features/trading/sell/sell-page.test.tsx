import type { AssetHolding, OrderEstimateRequest, ScheduledSell, UnmaskedUser } from '@fund/contracts';
import { AssetsPath, PlansPath, RootLoadingPath, TradingPath } from '@fund/contracts/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePrivacyStore } from '../../../lib/privacy/privacy-store';
import { useUiStore } from '../../../lib/store/ui-store';
import { rootLoadingAnswers } from '../../../test/msw/root-loading-handlers';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import {
  scheduledSellFixture,
  sellAssetsFixture,
  sellEstimateFixture,
  sellGrowthHolding,
  sellOrderFixture,
  sellSpecificHolding,
  sellHandlers,
} from '../../../test/msw/sell-handlers';
import { renderApp } from '../../../test/render-app';

answerFirstWith(sellHandlers);

const path = '/trading/sell/DEMOF003';
const text = (element: Element) => element.textContent?.replace(/\s+/g, '') ?? '';
const region = (name: string) => screen.findByRole('region', { name }, { timeout: 4000 });

function list(container: HTMLElement, label: string): HTMLElement {
  const found = container.querySelector<HTMLElement>(`dl[aria-label="${label}"]`);
  if (found === null) throw new Error(`no list ${label}`);
  return found;
}

/** `/v1/assets` answers `first` until a sell is placed, then `after`. */
function answerAssets(first: readonly AssetHolding[], after: readonly AssetHolding[] = first) {
  let placed = false;
  apiServer.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === TradingPath.sell) placed = true;
  });
  apiServer.use(
    http.get(AssetsPath.assets, () => HttpResponse.json(sellAssetsFixture(placed ? after : first))),
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

/** Bodies and Idempotency-Keys of the calls to `pathname`. */
function recordCalls(pathname: string) {
  const calls: { body: unknown; key: string | null }[] = [];
  apiServer.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname !== pathname || request.method === 'GET') return;
    const key = request.headers.get('idempotency-key');
    void request
      .clone()
      .text()
      .then((body) => calls.push({ body: body === '' ? null : JSON.parse(body), key }));
  });
  return calls;
}

beforeEach(() => answerAssets([sellSpecificHolding, sellGrowthHolding]));

afterEach(() => {
  apiServer.events.removeAllListeners();
  usePrivacyStore.getState().setAmountsHidden(false);
  useUiStore.setState({ toast: null });
  window.localStorage.clear();
  window.sessionStorage.clear();
});

async function fillUnits(units: string) {
  const user = userEvent.setup();
  const form = await region('売却の内容');
  await user.click(within(form).getByRole('radio', { name: /特定口座/ }));
  await user.click(within(form).getByRole('radio', { name: '口数指定' }));
  await user.type(within(form).getByRole('textbox', { name: '売却口数' }), units);
  return { user, form };
}

describe('売却: the holdings', () => {
  it('shows the fund’s holdings per account type at the 解約価額, with 評価損益率 = 損益 ÷ 簿価', async () => {
    renderApp(path);
    const card = await region('保有状況');
    expect(text(list(card, '特定口座の保有状況'))).toBe(
      '保有口数15,263口評価額58,873円簿価（取得価額）59,986円評価損益−1,113円（−1.86%）',
    );
    expect(text(list(card, 'NISA 成長投資枠の保有状況'))).toContain('保有口数217,202口');
    expect(text(card)).toContain('2026年11月26日の解約価額38,573円（1万口あたり）');
    expect(screen.getByText('みなと日本株式インデックスファンド')).toBeInTheDocument();
  });

  it('shows the units already held by pending sells, deducted from the units (spec §4)', async () => {
    answerAssets([
      { ...sellSpecificHolding, units: '5263', pendingSellUnits: '10000', pendingSellValue: '38573' },
    ]);
    renderApp(path);
    const card = await region('保有状況');
    expect(text(list(card, '特定口座の保有状況'))).toContain('保有口数5,263口売却注文中の口数10,000口');
  });

  it('offers only the account types that hold units free to sell', async () => {
    answerAssets([sellSpecificHolding, { ...sellGrowthHolding, units: '0', pendingSellUnits: '217202' }]);
    renderApp(path);
    const form = await region('売却の内容');
    expect(
      within(form)
        .getAllByRole('radio', { name: /口座|投資枠/ })
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([expect.stringContaining('特定口座')]);
  });

  it('holds the page until the holdings are there (the route loader), then shows them without a skeleton', async () => {
    apiServer.use(
      http.get(AssetsPath.assets, async () => {
        await delay(200);
        return HttpResponse.json(sellAssetsFixture([sellSpecificHolding]));
      }),
    );
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: '売却' });
    expect(screen.queryByText('保有状況を読み込んでいます')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /特定口座/ })).toBeInTheDocument();
  });

  it('shows an error with a retry when the holdings cannot be loaded, and the holdings after the retry', async () => {
    let fail = true;
    apiServer.use(
      http.get(AssetsPath.assets, () =>
        fail
          ? HttpResponse.json({ code: '404-000', message: 'ただいま表示できません。' }, { status: 404 })
          : HttpResponse.json(sellAssetsFixture([sellSpecificHolding])),
      ),
    );
    renderApp(path);
    expect(
      await screen.findByText('保有状況を表示できませんでした。', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await region('保有状況')).toBeInTheDocument();
  });

  it('says when the fund is not held, with a way to the fund list', async () => {
    answerAssets([]);
    renderApp(path);
    expect(
      await screen.findByText('このファンドを保有していません。', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ファンド一覧を見る' })).toHaveAttribute('href', '/trading');
  });

  it('hides the customer’s amounts with the privacy toggle', async () => {
    usePrivacyStore.getState().setAmountsHidden(true);
    renderApp(path);
    const card = await region('保有状況');
    expect(text(list(card, '特定口座の保有状況'))).not.toContain('58,873');
    expect(within(card).getAllByRole('img', { name: '非表示' }).length).toBeGreaterThan(0);
  });
});

describe('売却: input → confirm → done', () => {
  it('sells units in the specific account: the estimate said to be one, then one order and the holding after it', async () => {
    const estimates = recordCalls(TradingPath.estimate);
    const sells = recordCalls(TradingPath.sell);
    answerAssets(
      [sellSpecificHolding, sellGrowthHolding],
      [
        {
          ...sellSpecificHolding,
          units: '5263',
          pendingSellUnits: '10000',
          value: '20301',
          bookValue: '20685',
          gainLoss: '-384',
        },
        sellGrowthHolding,
      ],
    );
    const { router } = renderApp(path);
    const { user, form } = await fillUnits('10000');
    expect(within(form).getByRole('textbox', { name: '売却口数' })).toHaveValue('10,000');
    await user.click(within(form).getByRole('button', { name: '確認する' }));

    const estimate = await region('受取金額の概算');
    expect(router.state.location.search).toContain('step=confirm');
    expect(text(estimate)).toContain('表示の金額・口数は概算です');
    expect(text(list(estimate, '受取金額の概算'))).toBe(
      '売却口数（概算）10,000口解約価額（1万口あたり）38,573円2026年11月26日時点信託財産留保額なし' +
        '概算受取金額（税引前）38,573円源泉徴収税額（概算）還付148円' +
        '今年の特定口座の損益を通算した結果、源泉徴収済みの税額の一部が還付される見込みです。受取金額（概算）38,721円',
    );
    expect(text(list(await region('お取引の日程'), 'お取引の日程'))).toBe(
      '申込日2026年11月26日約定日（予定）2026年11月26日受渡日（予定）2026年12月1日受取金額がお預り金に入金される日です' +
        '取消期限2026年11月26日15:00この日時の前までご注文を取り消せます',
    );
    expect(estimates[0]?.body).toEqual({
      side: 'SELL',
      fundCode: 'DEMOF003',
      accountType: 'specific',
      orderType: 'QUANTITY',
      units: '10000',
    } satisfies OrderEstimateRequest);

    await user.click(screen.getByRole('button', { name: '売却する' }));
    const done = await region('ご注文を受け付けました');
    expect(text(list(done, '受け付けたご注文'))).toContain(`注文番号${sellOrderFixture.id}`);
    expect(text(list(done, '受け付けたご注文'))).toContain('口数指定10,000口売却注文中の口数10,000口');
    expect(router.state.location.search).toContain('step=done');
    const after = await region('ご注文後の保有状況');
    expect(text(after)).toContain('直ちに差し引いて表示しています。金額は約定後に確定します');
    await waitFor(() =>
      expect(text(list(after, '特定口座の保有状況'))).toContain('保有口数5,263口売却注文中の口数10,000口'),
    );
    expect(sells).toHaveLength(1);
    // the order's success marks every query stale: the estimate is not asked again for units now held
    expect(estimates).toHaveLength(1);
    expect(sells[0]?.body).toEqual({
      fundCode: 'DEMOF003',
      accountType: 'specific',
      orderType: 'QUANTITY',
      units: '10000',
    });
    expect(sells[0]?.key).toMatch(/^[\x21-\x7e]{1,100}$/);
  });

  it('keeps the confirmation on reload and retries a network error with the same key: one order', async () => {
    const sells = recordCalls(TradingPath.sell);
    let broken = true;
    apiServer.use(
      http.post(TradingPath.sell, () =>
        broken ? HttpResponse.error() : HttpResponse.json({ order: sellOrderFixture }),
      ),
    );
    const first = renderApp(`${path}?account=specific&type=QUANTITY&units=10000&step=confirm`);
    await region('受取金額の概算');
    await userEvent.click(screen.getByRole('button', { name: '売却する' }));
    expect(
      await screen.findByText(/通信できませんでした。.*二重に注文されることはありません。/),
    ).toBeInTheDocument();
    first.unmount();

    // a reload of the confirmation: the same draft from the URL, the same intent from sessionStorage
    broken = false;
    renderApp(`${path}?account=specific&type=QUANTITY&units=10000&step=confirm`);
    await region('受取金額の概算');
    await userEvent.click(screen.getByRole('button', { name: '売却する' }));
    await region('ご注文を受け付けました');
    await waitFor(() => expect(sells).toHaveLength(2));
    expect(sells[1]?.key).toBe(sells[0]?.key);
  });

  it('shows 口数不足 (400-206) at the units, with what was typed kept', async () => {
    apiServer.use(
      http.post(TradingPath.estimate, () =>
        HttpResponse.json({ code: '400-206', message: '売却可能な口数が不足しています。' }, { status: 400 }),
      ),
    );
    renderApp(path);
    const { user, form } = await fillUnits('1000');
    await user.click(within(form).getByRole('button', { name: '確認する' }));
    const box = within(form).getByRole('textbox', { name: '売却口数' });
    await waitFor(() => expect(box).toHaveAccessibleDescription(/売却可能な口数が不足しています。/));
    expect(box).toHaveValue('1,000');
    expect(useUiStore.getState().toast).toBeFalsy();
  });

  it('says as typed that units above those that can be sold are refused, with what was typed kept', async () => {
    renderApp(path);
    const { form } = await fillUnits('20000');
    const box = within(form).getByRole('textbox', { name: '売却口数' });
    await waitFor(() => expect(box).toHaveAccessibleDescription(/売却口数は.+口までで入力してください/));
    expect(box).toHaveValue('20,000');
    expect(useUiStore.getState().toast).toBeFalsy();
  });

  it('shows a too-small amount (400-207) at the amount', async () => {
    apiServer.use(
      http.post(TradingPath.estimate, () =>
        HttpResponse.json(
          { code: '400-207', message: '1口以上となる金額を指定してください。' },
          { status: 400 },
        ),
      ),
    );
    renderApp(path);
    const user = userEvent.setup();
    const form = await region('売却の内容');
    await user.click(within(form).getByRole('radio', { name: /特定口座/ }));
    await user.click(within(form).getByRole('radio', { name: '金額指定' }));
    await user.type(within(form).getByRole('textbox', { name: '売却金額' }), '1');
    await user.click(within(form).getByRole('button', { name: '確認する' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: '売却金額' })).toHaveAccessibleDescription(
        /1口以上となる金額を指定してください。/,
      ),
    );
  });

  it('asks for the account and the figure before asking the server', async () => {
    const estimates = recordCalls(TradingPath.estimate);
    renderApp(path);
    const user = userEvent.setup();
    const form = await region('売却の内容');
    await user.click(within(form).getByRole('radio', { name: '口数指定' }));
    await user.click(within(form).getByRole('button', { name: '確認する' }));
    expect(await within(form).findByText('売却する口座を選んでください')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: '売却口数' })).toHaveAccessibleDescription(
      /売却口数を入力してください/,
    );
    expect(estimates).toHaveLength(0);
  });

  it('shows a refusal of the account’s state (400-215) on the confirmation, without a toast', async () => {
    apiServer.use(
      http.post(TradingPath.sell, () =>
        HttpResponse.json({ code: '400-215', message: '証券口座が開設されていません。' }, { status: 400 }),
      ),
    );
    renderApp(`${path}?account=specific&type=QUANTITY&units=10000&step=confirm`);
    await region('受取金額の概算');
    await userEvent.click(screen.getByRole('button', { name: '売却する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('証券口座が開設されていません。');
    expect(useUiStore.getState().toast).toBeFalsy();
  });

  it('sells everything (全部解約) without a figure, and explains no tax in a NISA account', async () => {
    const estimates = recordCalls(TradingPath.estimate);
    apiServer.use(
      http.post(TradingPath.estimate, () =>
        HttpResponse.json({
          ...sellEstimateFixture,
          accountType: 'nisa2_growth',
          orderType: 'ALL',
          units: '217202',
          amount: '837813',
          estimatedTax: '0',
          estimatedNetProceeds: '837813',
        }),
      ),
    );
    renderApp(path);
    const user = userEvent.setup();
    const form = await region('売却の内容');
    await user.click(within(form).getByRole('radio', { name: /NISA 成長投資枠/ }));
    await user.click(within(form).getByRole('radio', { name: '全部解約' }));
    expect(text(form)).toContain('NISA成長投資枠で保有している217,202口をすべて売却します。');
    await user.click(within(form).getByRole('button', { name: '確認する' }));
    const estimate = await region('受取金額の概算');
    expect(text(estimate)).toContain(
      '源泉徴収税額（概算）0円NISA口座での売却益は非課税のため、源泉徴収はありません。',
    );
    expect(estimates[0]?.body).toEqual({
      side: 'SELL',
      fundCode: 'DEMOF003',
      accountType: 'nisa2_growth',
      orderType: 'ALL',
    });
  });
});

describe('定期売却', () => {
  it('lists the fund’s instruction with its terms, state and next order date', async () => {
    apiServer.use(
      http.get(PlansPath.scheduledSells, () => HttpResponse.json({ scheduledSells: [scheduledSellFixture] })),
    );
    renderApp(path);
    const section = await region('定期売却');
    const item = await within(section).findByRole('listitem');
    expect(text(item)).toContain('定額30,000円設定中');
    // odd months: after 26 November the next is January; 16 January 2027 is a Saturday
    expect(text(item)).toContain(
      '頻度奇数月次回の注文日（予定）2027年1月18日(月)受取日（予定）2027年1月26日(火)',
    );
    expect(text(section)).toContain('16日（休業日の場合は翌営業日）');
    expect(text(section)).toContain('注文日から6営業日目');
  });

  it('suspends and resumes an instruction, each after a confirmation', async () => {
    let status: ScheduledSell['status'] = 'ACTIVE';
    const suspends = recordCalls(PlansPath.scheduledSellSuspend.replace(':id', scheduledSellFixture.id));
    apiServer.use(
      http.get(PlansPath.scheduledSells, () =>
        HttpResponse.json({ scheduledSells: [{ ...scheduledSellFixture, status }] }),
      ),
      http.post(PlansPath.scheduledSellSuspend, () => {
        status = 'SUSPENDED';
        return HttpResponse.json({ ...scheduledSellFixture, status });
      }),
      http.post(PlansPath.scheduledSellResume, () => {
        status = 'ACTIVE';
        return HttpResponse.json({ ...scheduledSellFixture, status });
      }),
    );
    renderApp(path);
    const user = userEvent.setup();
    const section = await region('定期売却');
    await user.click(await within(section).findByRole('button', { name: '停止する' }));
    expect(within(section).getByText(/この定期売却を停止しますか。/)).toBeInTheDocument();
    expect(suspends).toHaveLength(0);
    await user.click(within(section).getByRole('button', { name: '停止する' }));
    expect(await within(section).findByText('定期売却を停止しました。')).toBeInTheDocument();
    await waitFor(() => expect(text(within(section).getByRole('listitem'))).toContain('停止中'));
    expect(suspends).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: '再開する' }));
    await user.click(within(section).getByRole('button', { name: '再開する' }));
    expect(await within(section).findByText('定期売却を再開しました。')).toBeInTheDocument();
    await waitFor(() => expect(text(within(section).getByRole('listitem'))).toContain('設定中'));
  });

  it('shows a refusal of a move in Japanese, without a toast', async () => {
    apiServer.use(
      http.get(PlansPath.scheduledSells, () => HttpResponse.json({ scheduledSells: [scheduledSellFixture] })),
      http.post(PlansPath.scheduledSellCancel, () =>
        HttpResponse.json({ code: '409-205', message: '解約済みの設定は変更できません。' }, { status: 409 }),
      ),
    );
    renderApp(path);
    const user = userEvent.setup();
    const section = await region('定期売却');
    await user.click(await within(section).findByRole('button', { name: '解約する' }));
    expect(within(section).getByText(/解約すると元に戻せません。/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: '解約する' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('解約済みの設定は変更できません。');
    expect(useUiStore.getState().toast).toBeFalsy();
  });

  it('changes an instruction through its confirmation (PUT with type, value and frequency)', async () => {
    const puts = recordCalls(PlansPath.scheduledSell.replace(':id', scheduledSellFixture.id));
    apiServer.use(
      http.get(PlansPath.scheduledSells, () => HttpResponse.json({ scheduledSells: [scheduledSellFixture] })),
    );
    renderApp(path);
    const user = userEvent.setup();
    const section = await region('定期売却');
    await user.click(await within(section).findByRole('button', { name: '変更する' }));
    await user.click(within(section).getByRole('radio', { name: '定率' }));
    const box = within(section).getByRole('textbox', { name: '毎回売却する率（保有口数に対して）' });
    await user.clear(box);
    await user.type(box, '10');
    await user.click(within(section).getByRole('radio', { name: '毎月' }));
    await user.click(within(section).getByRole('button', { name: '確認する' }));
    expect(text(list(section, '定期売却の確認'))).toContain(
      '売却方法定率10%頻度毎月最初の注文日（予定）2026年12月16日(水)',
    );
    await user.click(within(section).getByRole('button', { name: '変更する' }));
    expect(await within(section).findByText(/定期売却の内容を変更しました。/)).toBeInTheDocument();
    expect(puts[0]?.body).toEqual({ type: 'RATE', value: '10', frequency: 'MONTHLY' });
  });

  it('sets one up with one Idempotency-Key per intent, and refuses a rate above 100 % at the field', async () => {
    const creates = recordCalls(PlansPath.scheduledSells);
    let answered = false;
    apiServer.use(
      http.get(PlansPath.scheduledSells, () =>
        HttpResponse.json({ scheduledSells: answered ? [scheduledSellFixture] : [] }),
      ),
      http.post(PlansPath.scheduledSells, () => {
        answered = true;
        return HttpResponse.json(scheduledSellFixture, { status: 201 });
      }),
    );
    renderApp(path);
    const user = userEvent.setup();
    const section = await region('定期売却');
    expect(
      await within(section).findByText('このファンドの定期売却は設定されていません。'),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: '定期売却を設定する' }));
    await user.click(within(section).getByRole('radio', { name: '定率' }));
    const rate = within(section).getByRole('textbox', { name: '毎回売却する率（保有口数に対して）' });
    await user.type(rate, '150');
    await user.click(within(section).getByRole('button', { name: '確認する' }));
    await waitFor(() => expect(rate).toHaveAccessibleDescription(/定率は100%までで入力してください/));

    await user.click(within(section).getByRole('radio', { name: '定額' }));
    await user.clear(within(section).getByRole('textbox', { name: '毎回の売却金額' }));
    await user.type(within(section).getByRole('textbox', { name: '毎回の売却金額' }), '30000');
    await user.click(within(section).getByRole('radio', { name: '奇数月' }));
    await user.click(within(section).getByRole('button', { name: '確認する' }));
    expect(text(list(section, '定期売却の確認'))).toContain('口座特定口座売却方法定額30,000円頻度奇数月');
    await user.click(within(section).getByRole('button', { name: '設定する' }));
    expect(await within(section).findByText('定期売却を設定しました。')).toBeInTheDocument();
    expect(creates).toHaveLength(1);
    expect(creates[0]?.body).toEqual({
      fundCode: 'DEMOF003',
      type: 'AMOUNT',
      value: '30000',
      frequency: 'ODD_MONTHLY',
    });
    expect(creates[0]?.key).toMatch(/^[\x21-\x7e]{1,100}$/);
    // one live instruction per fund: no second set-up offered
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: '定期売却を設定する' })).toBeNull(),
    );
  });

  it('retries a set-up with the same key after a refusal, and shows the server’s message', async () => {
    const creates = recordCalls(PlansPath.scheduledSells);
    let calls = 0;
    apiServer.use(
      http.post(PlansPath.scheduledSells, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json(
              { code: '409-204', message: 'このファンドの定期売却はすでに設定されています。' },
              { status: 409 },
            );
      }),
    );
    renderApp(path);
    const user = userEvent.setup();
    const section = await region('定期売却');
    await user.click(await within(section).findByRole('button', { name: '定期売却を設定する' }));
    await user.type(within(section).getByRole('textbox', { name: '毎回の売却金額' }), '30000');
    await user.click(within(section).getByRole('button', { name: '確認する' }));
    await user.click(within(section).getByRole('button', { name: '設定する' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(/通信できませんでした/);
    await user.click(within(section).getByRole('button', { name: '設定する' }));
    expect(
      await within(section).findByText('このファンドの定期売却はすでに設定されています。'),
    ).toBeInTheDocument();
    await waitFor(() => expect(creates).toHaveLength(2));
    expect(creates[1]?.key).toBe(creates[0]?.key);
  });

  it.each([
    ['400-224', '金額・口数・率は1以上で指定してください。', '売却方法'],
    ['400-223', '定期売却は特定口座でのみご利用いただけます。', null],
    ['400-225', '特定口座で保有しているファンドにのみ定期売却を設定できます。', null],
  ])(
    'shows the set-up refusal %s in the server’s words, beside 売却方法 when it is about the figure',
    async (code, message, row) => {
      apiServer.use(
        http.post(PlansPath.scheduledSells, () => HttpResponse.json({ code, message }, { status: 400 })),
      );
      renderApp(path);
      const user = userEvent.setup();
      const section = await region('定期売却');
      await user.click(await within(section).findByRole('button', { name: '定期売却を設定する' }));
      await user.type(within(section).getByRole('textbox', { name: '毎回の売却金額' }), '30000');
      await user.click(within(section).getByRole('button', { name: '確認する' }));
      await user.click(within(section).getByRole('button', { name: '設定する' }));
      const alert = await within(section).findByRole('alert');
      expect(alert).toHaveTextContent(message);
      const at = alert.closest('.ui-description-list__row');
      expect(at === null ? null : within(at as HTMLElement).getByRole('term').textContent).toBe(row);
      // what was confirmed stays on screen to be corrected
      expect(text(list(section, '定期売却の確認'))).toContain('定額30,000円');
      expect(useUiStore.getState().toast).toBeFalsy();
    },
  );

  it('tells a corporation that scheduled sells are not available, and offers no set-up', async () => {
    signInAs('CORPORATION');
    answerAssets([{ ...sellSpecificHolding, accountType: 'general' }]);
    renderApp(path);
    const section = await region('定期売却');
    expect(
      await within(section).findByText(/法人のお客さまは定期売却をご利用いただけません。/),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: '定期売却を設定する' })).toBeNull();
  });

  it('explains that only specific-account holdings can be sold on a schedule', async () => {
    answerAssets([sellGrowthHolding]);
    renderApp(path);
    const section = await region('定期売却');
    expect(
      await within(section).findByText('定期売却は特定口座で保有しているファンドにのみ設定できます。'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: '定期売却を設定する' })).toBeNull();
  });

  it('shows an error with a retry when the instructions cannot be loaded', async () => {
    let fail = true;
    apiServer.use(
      http.get(PlansPath.scheduledSells, () =>
        fail
          ? HttpResponse.json({ code: '404-000', message: 'ただいま表示できません。' }, { status: 404 })
          : HttpResponse.json({ scheduledSells: [scheduledSellFixture] }),
      ),
    );
    renderApp(path);
    const section = await region('定期売却');
    expect(await within(section).findByText('定期売却を表示できませんでした。')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: '再読み込み' }));
    expect(await within(section).findByRole('listitem')).toBeInTheDocument();
  });
});
