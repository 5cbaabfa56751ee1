// 資産状況 (spec §2 /assets, §9; issue 14 "Tests") through the real sign-in, the real server and the built
// app: for each demo customer, every holding's 保有口数 and 評価額 on screen equal what this test computes
// itself from the trades (/v1/trades), the open sell orders (/v1/orders) and the funds' 解約価額
// (/v1/funds), and so do the funds' total and 総資産; axe finds nothing at the phone viewport.
import type { Assets, FundsResponse, OrdersResponse, Trades } from '@fund/contracts';
import { formatAccountType, formatUnits, formatYen } from '@fund/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, signedInState, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

const customers = ['1000001', '1000002', '1000003', '1000004'] as const;
type Customer = (typeof customers)[number];

const signedIn = new Map<Customer, StorageState>();
beforeAll(async () => {
  // in parallel: each sign-in mostly waits for the server
  const states = await Promise.all(
    customers.map((customer) => signedInState(app.browser, app.server.baseUrl, customer)),
  );
  customers.forEach((customer, index) => signedIn.set(customer, states[index] as StorageState));
}, 60_000);

async function api<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${app.server.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function allTrades(token: string): Promise<Trades['trades']> {
  const trades: Trades['trades'] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api<Trades>(token, `/v1/trades?pageSize=100&page=${page}`);
    trades.push(...answer.trades);
    if (page * answer.paging.pageSize >= answer.paging.total) return trades;
  }
}

async function openSellOrders(token: string): Promise<OrdersResponse['orders']> {
  const orders: OrdersResponse['orders'] = [];
  for (const status of ['ORDERED', 'EXECUTED'] as const) {
    for (let page = 1; ; page += 1) {
      const answer = await api<OrdersResponse>(token, `/v1/orders?status=${status}&page=${page}`);
      orders.push(...answer.orders);
      if (page * answer.pageSize >= answer.total) break;
    }
  }
  return orders.filter((order) => order.channel === 'SELL' || order.channel === 'SCHEDULEDSELL');
}

interface ExpectedHolding {
  readonly label: string;
  readonly units: bigint;
  readonly value: bigint;
}

/**
 * Each holding as the rules say it should be on `referenceDate`: units settled by then (受渡日 ≤ 基準日)
 * minus the units open sell orders hold, valued at ⌊units × 解約価額 ÷ 10,000⌋ of the fund's latest price.
 */
async function expectedHoldings(token: string, referenceDate: string) {
  const [trades, sells, { funds }] = await Promise.all([
    allTrades(token),
    openSellOrders(token),
    api<FundsResponse>(token, '/v1/funds'),
  ]);
  const units = new Map<string, bigint>();
  const key = (code: string, accountType: string) => `${code}|${accountType}`;
  for (const trade of trades) {
    if (trade.fund === null || trade.units === null || trade.accountType === null) continue;
    if (trade.settlementDate > referenceDate) continue;
    const sign = trade.side === 'BUY' || trade.side === 'IN' ? 1n : -1n;
    const at = key(trade.fund.code, trade.accountType);
    units.set(at, (units.get(at) ?? 0n) + sign * BigInt(trade.units));
  }
  for (const order of sells) {
    const at = key(order.fundCode, order.accountType);
    units.set(at, (units.get(at) ?? 0n) - BigInt(order.reservedUnits));
  }
  const holdings: ExpectedHolding[] = [];
  for (const [at, held] of units) {
    if (held === 0n) continue;
    const [code = '', accountType = ''] = at.split('|');
    const fund = funds.find((candidate) => candidate.code === code);
    if (fund?.cancellationPrice == null) throw new Error(`no price for ${code}`);
    holdings.push({
      label: `${fund.shortName}（${formatAccountType(accountType)}）`,
      units: held,
      value: (held * BigInt(fund.cancellationPrice)) / 10_000n,
    });
  }
  return holdings;
}

/** The value of the row `term` of a description list inside `scope`. */
async function rowValue(page: Page, scope: string, term: string): Promise<string> {
  const row = page.locator(scope).locator('.ui-description-list__row', {
    has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }),
  });
  return (await row.locator('dd').first().innerText()).split('\n')[0] ?? '';
}

describe('資産状況 (spec §2 /assets) for the demo customers', () => {
  it.each(customers)(
    'shows %s’s holdings, units, values and totals as computed from the trades and prices',
    (customer) =>
      app.withPage(
        async (page, problems) => {
          const state = signedIn.get(customer);
          if (state === undefined) throw new Error('not signed in');
          const token = accessTokenOf(state);
          await page.goto('/assets');
          await page.getByRole('heading', { level: 1, name: '資産状況' }).waitFor();
          await page.getByRole('region', { name: '総資産' }).waitFor();

          const assets = await api<Assets>(token, '/v1/assets');
          const expected = await expectedHoldings(token, assets.referenceDate);
          expect(expected.length).toBeGreaterThan(0);
          const shown = page.locator('article.assets-holding');
          expect(await shown.count()).toBe(expected.length);
          for (const holding of expected) {
            const article = page.getByRole('article', { name: holding.label, exact: true });
            expect(await article.locator('.assets-holding__value').innerText(), holding.label).toBe(
              formatYen(holding.value),
            );
            const units = await article
              .locator('.ui-description-list__row', { has: page.locator('dt', { hasText: '保有口数' }) })
              .locator('dd')
              .innerText();
            expect(units.split('\n')[0], holding.label).toBe(formatUnits(holding.units));
          }

          const fundsTotal = expected.reduce((total, holding) => total + holding.value, 0n);
          const summary = 'section.assets-summary';
          expect(await rowValue(page, summary, '投資信託（評価額）')).toBe(formatYen(fundsTotal));
          // 総資産 = the funds + お預り金 + 受渡待ち (the cash figures as the API gives them)
          const totalAssets =
            fundsTotal +
            BigInt(assets.cashBalance) +
            BigInt(assets.inTransit.buys) +
            BigInt(assets.inTransit.sells);
          expect(await page.locator('.assets-summary__total').innerText()).toBe(formatYen(totalAssets));

          // the chart arrives in its own chunk: check it too
          await page.getByRole('slider', { name: /評価額と投資元本の推移/ }).waitFor();
          await expectAccessible(page);
          if (customer === '1000001') {
            // the other grouping once: the same primitives, grouped by fund
            await page.getByRole('radio', { name: 'ファンド別' }).check();
            await expectAccessible(page);
            // the chart's figures as a table: a long page whose controls pass under the tab bar
            await page.getByRole('button', { name: '表で見る' }).click();
            await page.getByRole('table', { name: /評価額と投資元本の推移/ }).waitFor();
            await expectAccessible(page);
          }
          expect(problems).toEqual([]);
        },
        { storageState: signedIn.get(customer) },
      ),
  );

  it('offers purchases and the NISA screen by role (decision 012)', () =>
    app.withPage(
      async (page) => {
        await page.goto('/assets');
        await page.getByRole('region', { name: '保有資産' }).waitFor();
        expect(await page.getByRole('link', { name: /追加購入/ }).count()).toBe(0);
        // junior NISA: its holdings, as the side menu and the home shortcuts link them (issue 25)
        expect(
          await page.getByRole('link', { name: 'NISA口座の状況（ジュニアNISAのお預り資産）' }).count(),
        ).toBe(1);
        expect(await page.getByText(/いつでも非課税で払い出す/).count()).toBe(1);
      },
      { storageState: signedIn.get('1000004') },
    ));
});
