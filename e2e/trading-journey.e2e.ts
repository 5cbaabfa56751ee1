// Issue 15's full journey (Tests): in one browser, through the real sign-in, the real server and the built
// app, 1000001 confirms the revised prospectus of DEMOF004 (seed: revised since they confirmed the version
// before), buys it by amount in the NISA 成長投資枠, sells units of DEMOF003, is refused a card 積立 that
// would pass 100,000 yen a month, changes and suspends a plan and sets up a 定期売却; then the batch runs
// for the next business days, and the same browser shows the buy ORDERED → EXECUTED → COMPLETED on the
// order timeline, the assets and NISA screens equal to the API, and the batch's ledger check passes.
// axe on every step. The double tap and the reload on confirm are buy.e2e.ts's and sell.e2e.ts's.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import type {
  Assets,
  FundDetail,
  NisaStatusByYear,
  OrderResponse,
  OrdersResponse,
  RecurringPurchaseList,
  SaisonConnectPoint,
  ScheduledSellList,
} from '@fund/contracts';
import { addBusinessDays, formatAccountType, formatUnits, formatYen, isoDate } from '@fund/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughApp } from './support/app-session.ts';
import { expectAccessible, newMobileContext, watchPageProblems } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { repoRoot } from './support/server.ts';

/** One signing key for every run of the server, so the browser's session outlives the batch's restarts. */
function signingKeys(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return JSON.stringify({
    keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: 'e2e-journey' }],
  });
}

const app = useRunningApp({
  env: { DEMO_CLOCK: 'on', BATCH_DEMO: 'on', BATCH_SCHEDULER: 'off', OIDC_JWKS: signingKeys() },
});

/** DEMOF004 (seed): 成長投資枠 eligible, its prospectus revised since 1000001 confirmed the version before. */
const revisedFund = { code: 'DEMOF004', name: 'あおば先進国債券ファンド（為替ヘッジなし）' };
/** DEMOF003: held in 1000001's 特定口座, no 定期売却 yet, priced on its 申込日. */
const soldFund = 'DEMOF003';
const buyAmount = 100_000n;
const soldUnits = 10_000n;

// the one browser context of the journey: it keeps its page and its session across the server's restarts
let context: BrowserContext;
let page: Page;
let problems: string[];
beforeAll(async () => {
  context = await newMobileContext(app.browser, app.server.baseUrl);
  page = await context.newPage();
  problems = watchPageProblems(page);
});
afterAll(async () => {
  await context?.close();
});

/** A call of the product API with the session the page holds (the app refreshes it as it goes). */
async function api<T>(path: string): Promise<T> {
  const answer = await page.evaluate(async (target) => {
    const { access_token: token } = JSON.parse(localStorage.getItem('fund.auth.tokens') ?? '{}') as {
      access_token?: string;
    };
    const response = await fetch(target, { headers: { authorization: `Bearer ${token ?? ''}` } });
    return { status: response.status, body: (await response.json()) as unknown };
  }, path);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body as T;
}

/** The page's h1, its skeletons gone and its entry transition over (axe measures contrast after it). */
async function settled(name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await expect.poll(() => page.locator('.ui-skeleton').count(), { timeout: 15_000 }).toBe(0);
  await expect
    .poll(() => page.locator('.page-enter-active, .page-leave-active, .page-enter-from').count())
    .toBe(0);
}

/** The text of an element without white space. */
const flat = async (locator: ReturnType<Page['locator']>) =>
  ((await locator.textContent()) ?? '').replace(/\s+/g, '');

/** `npm run batch -- --date … --until …` against the stopped server's database; its report. */
async function runBatch(env: NodeJS.ProcessEnv, from: string, until: string): Promise<string> {
  const child = spawn(
    join(repoRoot, 'node_modules/.bin/tsx'),
    ['apps/server/src/jobs/batch-cli.ts', '--date', from, '--until', until],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the batch exited with ${code}:\n${output}`);
  return output;
}

/** The buy's card on the orders tab of /cashflows, opened afresh: its status badge and its timeline. */
async function buyOnOrderTimeline(orderId: string) {
  await page.goto('/cashflows?tab=orders');
  await page.getByRole('tab', { name: '注文', selected: true }).waitFor();
  const card = page.locator(`li[aria-labelledby="order-${orderId}-title"]`);
  await card.waitFor();
  await expect
    .poll(() => page.locator('.page-enter-active, .page-leave-active, .page-enter-from').count())
    .toBe(0);
  return {
    card,
    badges: () => flat(card.locator('.history-item__badges')),
    timeline: () => flat(card.getByRole('list', { name: '注文の進み具合' })),
  };
}

describe('issue 15: the customer’s trading journey, then the batch, in one browser', () => {
  let buy: OrderResponse['order'];
  let sell: OrdersResponse['orders'][number];
  let growthUsedBefore: bigint;

  it(
    '1000001 confirms a revised prospectus, buys by amount, sells units, is refused a card 積立 past 100,000円, changes and suspends a plan, sets a 定期売却',
    { timeout: 240_000 },
    async () => {
      // the real sign-in, from the trading list
      await signInThroughApp(page, '1000001', '/trading');
      await settled('取引');
      await expectAccessible(page);
      growthUsedBefore = BigInt((await api<NisaStatusByYear>('/v6/nisaStatusByYear')).growth.used);

      // its card must be registered again before points can be used (400-101): through the card issuer
      // (simulated) with its MFA step
      await page.goto('/saisonConnect');
      await settled('セゾンカードとの連携');
      await page.getByRole('button', { name: 'カード会社のページへ進む' }).click();
      await page.getByRole('button', { name: '連携を許可する（ポイント対象カード）' }).click();
      await page.getByRole('button', { name: '認証する', exact: true }).click();
      await page.getByRole('heading', { name: 'カードを登録しました' }).waitFor();
      const points = BigInt(
        (await api<SaisonConnectPoint>('/v1/cashflows/saisonConnect/point')).point.balance,
      );
      expect(points).toBeGreaterThanOrEqual(200n);
      await page.goto('/trading');
      await settled('取引');

      // the revised prospectus, said so on the list's fund, then confirmed
      const before = await api<FundDetail>(`/v1/funds/${revisedFund.code}`);
      expect(before.fund.prospectus).toMatchObject({ confirmed: false, revisedSinceConfirmation: true });
      const card = page.getByRole('region', { name: revisedFund.name, exact: true });
      await card.getByRole('button', { name: /チャート・目論見書・購入/ }).click();
      await card.getByText('改訂後の版が未確認').waitFor();
      await card.getByText(/交付目論見書は.+に改訂されました（第2版）/).waitFor();
      expect(await card.getByRole('button', { name: '購入する' }).isDisabled()).toBe(true);
      await expectAccessible(page);
      await card.getByRole('button', { name: '目論見書を確認しました' }).click();
      await card.getByText('確認済み').waitFor();
      expect((await api<FundDetail>(`/v1/funds/${revisedFund.code}`)).fund.prospectus?.confirmed).toBe(true);

      // buy by amount in the 成長投資枠
      await card.getByRole('link', { name: '購入する' }).click();
      await settled('購入金額の入力');
      await page.getByRole('textbox', { name: /購入金額/ }).fill(buyAmount.toString());
      await page.getByRole('radio', { name: /成長投資枠/ }).check();
      await page.getByTestId('cash-balance').waitFor();
      // with 200 of the points its card 積立 earned (100 points = 450円)
      await page.getByRole('radio', { name: '使う' }).check();
      await page.getByRole('textbox', { name: /ご利用ポイント/ }).fill('200');
      expect(await page.getByTestId('points-value').textContent()).toContain('900円');
      await expectAccessible(page);
      await page.getByRole('button', { name: '確認画面へ進む' }).click();
      await settled('購入内容の確認');
      await page.getByRole('button', { name: '注文する' }).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: '注文する' }).click();
      await page.getByRole('heading', { level: 1, name: '注文を受け付けました' }).waitFor();
      const buyId = new URL(page.url()).searchParams.get('order') ?? '';
      await page.getByText(buyId).waitFor();
      await expectAccessible(page);
      buy = (await api<OrderResponse>(`/v1/orders/${buyId}`)).order;
      expect(buy).toMatchObject({
        status: 'ORDERED',
        fundCode: revisedFund.code,
        accountType: 'nisa2_growth',
        requestedAmount: buyAmount.toString(),
        pointsUsed: '200',
        pointsValue: '900',
      });
      expect(BigInt((await api<SaisonConnectPoint>('/v1/cashflows/saisonConnect/point')).point.balance)).toBe(
        points - 200n,
      );

      // sell units from the 特定口座
      await page.goto(`/trading/sell/${soldFund}`);
      const form = page.getByRole('region', { name: '売却の内容' });
      await form.waitFor();
      await settled('売却');
      await expectAccessible(page);
      await form.getByRole('radio', { name: /特定口座/ }).check();
      await form.getByRole('radio', { name: '口数指定' }).check();
      await form.getByRole('textbox', { name: '売却口数' }).fill(soldUnits.toString());
      await form.getByRole('button', { name: '確認する' }).click();
      await page.locator('dl[aria-label="受取金額の概算"]').waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: '売却する' }).click();
      await page.getByRole('region', { name: 'ご注文を受け付けました' }).waitFor();
      await expectAccessible(page);
      const sells = (await api<OrdersResponse>('/v1/orders?status=ORDERED')).orders.filter(
        (order) => order.fundCode === soldFund && order.channel === 'SELL',
      );
      expect(sells.map((order) => order.reservedUnits)).toEqual([soldUnits.toString()]);
      sell = sells[0]!;

      // a card 積立 that would take the card plans past 100,000 yen a month
      const { recurringPurchases } = await api<RecurringPurchaseList>('/v1/recurringPurchases');
      const cardTotal = recurringPurchases
        .filter((plan) => plan.status !== 'CANCELED' && plan.paymentMethod === 'CREDIT_CARD')
        .reduce((sum, plan) => sum + BigInt(plan.amount), 0n);
      const tooMuch = (100_000n - cardTotal + 1_000n).toString();
      await page.goto(`/trading/scheduledBuy/DEMOF001/inputAmount?pay=CREDIT_CARD&account=specific`);
      await settled('積立金額の入力');
      await page.getByRole('textbox', { name: /毎月の積立金額/ }).fill(tooMuch);
      await page.getByRole('button', { name: '確認画面へ' }).click();
      await page.getByText(/クレジットカードでの積立は、すべての積立の合計で月100,000円までです/).waitFor();
      await expectAccessible(page);
      // the server's refusal (400-222) beside お支払い方法 when the confirm screen is sent that draft
      await page.goto(
        `/trading/scheduledBuy/DEMOF001/confirm?pay=CREDIT_CARD&account=specific&amount=${tooMuch}`,
      );
      await settled('積立内容の確認');
      await page.getByRole('button', { name: '設定する' }).click();
      const refusal = page.locator('.ui-description-list__row', { has: page.getByRole('alert') });
      await expect
        .poll(() => flat(refusal))
        .toMatch(/^お支払い方法クレジットカード.*すべての積立の合計で月10万円までです/);
      await expectAccessible(page);
      expect((await api<RecurringPurchaseList>('/v1/recurringPurchases')).recurringPurchases.length).toBe(
        recurringPurchases.length,
      );

      // change the 特定口座 DEMOF003 plan's amount from the trading list, then suspend it
      const plan = recurringPurchases.find(
        (candidate) =>
          candidate.fund.code === 'DEMOF003' &&
          candidate.accountType === 'specific' &&
          candidate.status === 'ACTIVE',
      );
      if (plan === undefined)
        throw new Error('1000001 has no active 特定口座 DEMOF003 積立 in the demo data');
      await page.goto('/trading');
      await settled('取引');
      await page.locator(`a[href="/trading/scheduledBuy/DEMOF003/inputType?plan=${plan.id}"]`).click();
      await settled('積立方法の選択');
      await expectAccessible(page);
      await page.getByRole('link', { name: '金額・お支払い方法を変更する' }).click();
      await page.getByRole('button', { name: /次へ/ }).click();
      await settled('積立金額の入力');
      await page.getByRole('textbox', { name: /毎月の積立金額/ }).fill('12000');
      await page.getByRole('button', { name: '確認画面へ' }).click();
      await settled('積立内容の確認');
      await expectAccessible(page);
      await page.getByRole('button', { name: '変更する' }).click();
      await page.getByText('積立の変更を受け付けました').waitFor();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'この積立を確認・変更する' }).click();
      await settled('積立方法の選択');
      await page.getByRole('button', { name: '積立を停止する' }).click();
      await expectAccessible(page);
      await page.getByRole('button', { name: '停止する', exact: true }).click();
      await page.getByText(/積立を停止しました/).waitFor();
      const changed = (await api<RecurringPurchaseList>('/v1/recurringPurchases')).recurringPurchases.find(
        (candidate) => candidate.id === plan.id,
      );
      expect(changed?.status).toBe('SUSPENDED');
      expect(changed?.pendingChange?.terms?.amount ?? changed?.amount).toBe('12000');

      // a 定期売却 of the DEMOF003 holding
      await page.goto(`/trading/sell/${soldFund}`);
      await settled('売却');
      const section = page.getByRole('region', { name: '定期売却' });
      await section.getByRole('button', { name: '定期売却を設定する' }).click();
      await section.getByRole('textbox', { name: '毎回の売却金額' }).fill('20000');
      await section.getByRole('radio', { name: '毎月' }).check();
      await section.getByRole('button', { name: '確認する' }).click();
      await section.locator('dl[aria-label="定期売却の確認"]').waitFor();
      await expectAccessible(page);
      await section.getByRole('button', { name: '設定する' }).click();
      await section.getByText('定期売却を設定しました。').waitFor();
      await expectAccessible(page);
      const scheduled = (await api<ScheduledSellList>('/v1/scheduledSells')).scheduledSells.find(
        (item) => item.fund.code === soldFund && item.status === 'ACTIVE',
      );
      expect(scheduled).toMatchObject({ type: 'AMOUNT', value: '20000', frequency: 'MONTHLY' });

      // the new buy waits on the order timeline
      const timeline = await buyOnOrderTimeline(buy.id);
      expect(await timeline.badges()).toContain('注文中');
      expect(await timeline.timeline()).toMatch(/^申込日（済み）.+約定日（待ち）.+受渡日（予定）/);
      await expectAccessible(page);

      // the card-limit refusal is a state the screen shows; the point call may answer a card state
      expect(
        problems.filter(
          (problem) =>
            !problem.includes('/v1/recurringPurchases') &&
            !problem.includes('/v1/cashflows/saisonConnect/point'),
        ),
      ).toEqual([]);
    },
  );

  it(
    'the batch of the next business days: the same browser shows ORDERED → EXECUTED → COMPLETED, the assets and NISA screens equal to the API, the ledger consistent',
    { timeout: 240_000 },
    async () => {
      if (buy === undefined || sell === undefined) throw new Error('the journey above placed no orders');
      const firstTradeDate = buy.tradeDate < sell.tradeDate ? buy.tradeDate : sell.tradeDate;
      const lastSettlement =
        buy.settlementDate > sell.settlementDate ? buy.settlementDate : sell.settlementDate;

      // up to the buy's 約定日: priced, not yet delivered
      await app.server.whileStopped(async (env) => {
        await runBatch(env, firstTradeDate, buy.tradeDate);
      });
      let timeline = await buyOnOrderTimeline(buy.id);
      expect(await timeline.badges()).toContain('約定済');
      expect(await timeline.timeline()).toMatch(/^申込日（済み）.+約定日（済み）.+受渡日（待ち）/);
      expect(await flat(timeline.card)).toContain('約定口数');
      await expectAccessible(page);

      // up to the last 受渡日: delivered; the batch verifies the ledger at its end (npm run verify-ledger's check)
      let report = '';
      await app.server.whileStopped(async (env) => {
        report = await runBatch(env, addBusinessDays(isoDate(buy.tradeDate), 1), lastSettlement);
      });
      expect(report).toContain('Ledger: consistent.');
      timeline = await buyOnOrderTimeline(buy.id);
      expect(await timeline.badges()).toContain('受渡済');
      expect(await timeline.timeline()).toMatch(/^申込日（済み）.+約定日（済み）.+受渡日（済み）/);
      await expectAccessible(page);
      const done = (await api<OrderResponse>(`/v1/orders/${buy.id}`)).order;
      expect(done.status).toBe('COMPLETED');
      expect((await api<OrderResponse>(`/v1/orders/${sell.id}`)).order.status).toBe('COMPLETED');

      // 資産状況: the bought holding as the API values it
      await page.goto('/assets');
      await settled('資産状況');
      await page.getByRole('region', { name: '総資産' }).waitFor();
      const assets = await api<Assets>('/v1/assets');
      const holding = assets.holdings.find(
        (candidate) => candidate.fund.code === revisedFund.code && candidate.accountType === 'nisa2_growth',
      );
      if (holding === undefined) throw new Error('no DEMOF004 成長投資枠 holding after the buy settled');
      expect(BigInt(holding.units)).toBeGreaterThanOrEqual(BigInt(done.executedUnits ?? '0'));
      const article = page.getByRole('article', {
        name: `${holding.fund.shortName}（${formatAccountType('nisa2_growth')}）`,
        exact: true,
      });
      expect(await article.locator('.assets-holding__value').innerText()).toBe(formatYen(holding.value));
      expect(
        await flat(
          article.locator('.ui-description-list__row', { has: page.locator('dt', { hasText: '保有口数' }) }),
        ),
      ).toContain(formatUnits(holding.units));
      await expectAccessible(page);

      // NISA口座の残高: this year's 成長投資枠 as the API counts it, the buy in it
      await page.goto('/assets/nisaBalance');
      await settled(/NISA口座の残高/);
      const nisa = await api<NisaStatusByYear>('/v6/nisaStatusByYear');
      expect(await flat(page.locator('dl[aria-label="成長投資枠の利用状況"]').first())).toBe(
        `年間投資枠${formatYen(nisa.growth.annualLimit)}利用額${formatYen(nisa.growth.used)}` +
          // the demo's card 積立 of DEMOF004 may have ordered on the 27th, still to be delivered
          (nisa.growth.pending === '0' ? '' : `うち注文中${formatYen(nisa.growth.pending)}`) +
          `残り${formatYen(nisa.growth.remaining)}`,
      );
      if (done.settlementDate.startsWith(String(nisa.year))) {
        expect(BigInt(nisa.growth.used)).toBeGreaterThanOrEqual(growthUsedBefore + buyAmount);
      }
      await expectAccessible(page);
      expect(
        problems.filter(
          (problem) =>
            !problem.includes('/v1/recurringPurchases') &&
            !problem.includes('/v1/cashflows/saisonConnect/point'),
        ),
      ).toEqual([]);
    },
  );
});
