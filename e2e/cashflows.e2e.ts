// 入出金・取引履歴 (spec §2 /cashflows, issue 14 point 6) through the real sign-in, server and build: the
// figures shown equal the API's to the yen (formatted here independently), 先月 finds last month's
// cashflows, 1000001's pending order is cancelled in the browser, and every tab passes axe.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();
const customers = ['1000001', '1000002', '1000003', '1000004'] as const;
const states = new Map<string, StorageState>();

beforeAll(async () => {
  for (const customer of customers) {
    states.set(customer, await signedInState(app.browser, app.server.baseUrl, customer));
  }
}, 120_000);

const withPage = (customer: string, test: (page: Page, problems: string[]) => Promise<void>) =>
  app.withPage(test, { storageState: states.get(customer) });

/** A call of the API with the session the page holds. */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (target) => {
    const { access_token: token } = JSON.parse(localStorage.getItem('fund.auth.tokens') ?? '{}') as {
      access_token: string;
    };
    const response = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;
}

// the test's own formatting: digits grouped by three, the minus sign U+2212, dates without zero padding
const grouped = (value: string) => {
  const digits = value.replace(/^-/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value.startsWith('-') ? `−${digits}` : digits;
};
const yen = (value: string) => `${grouped(value)}円`;
const date = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${Number(year)}年${Number(month)}月${Number(day)}日`;
};

interface Trade {
  type: string;
  units: string | null;
  pricePer10k: string | null;
  amount: string;
  taxWithheld: string;
  tradeDate: string;
  settlementDate: string;
  fund: { name: string } | null;
}

async function openTab(page: Page, search: string, tab: string) {
  await page.goto(`/cashflows${search}`);
  await page.getByRole('tab', { name: tab, selected: true }).waitFor();
  await page.locator('[role=tabpanel] :is(ul, .ui-empty-state)').first().waitFor();
}

describe('入出金・取引履歴 (spec §2 /cashflows)', () => {
  for (const customer of customers) {
    it(`${customer}: every trade of the first page with its dates and amounts to the yen; axe on each tab`, () =>
      withPage(customer, async (page, problems) => {
        await openTab(page, '?tab=trades', '取引履歴');
        const { trades } = await api<{ trades: Trade[] }>(page, '/v1/trades?type=ALL&page=1&pageSize=20');
        const items = page.locator('ul[aria-label="取引履歴"] > li');
        if (trades.length === 0) {
          await page.getByText('お取引の履歴はまだありません。').waitFor();
        } else {
          expect(await items.count()).toBe(trades.length);
          const texts = await items.allTextContents();
          trades.forEach((trade, index) => {
            const text = texts[index] ?? '';
            expect(text).toContain(`約定日${date(trade.tradeDate)}`);
            expect(text).toContain(`受渡日${date(trade.settlementDate)}`);
            expect(text).toContain(yen(trade.amount));
            if (trade.fund !== null) expect(text).toContain(trade.fund.name);
            if (trade.units !== null) expect(text).toContain(`口数${grouped(trade.units)}口`);
            if (trade.pricePer10k !== null)
              expect(text).toContain(`（1万口あたり）${yen(trade.pricePer10k)}`);
            if (trade.type !== 'CAPITAL_GAIN' && trade.taxWithheld !== '0') {
              expect(text).toContain(
                trade.taxWithheld.startsWith('-')
                  ? `還付税額${yen(trade.taxWithheld.slice(1))}`
                  : `源泉徴収税額${yen(trade.taxWithheld)}`,
              );
            }
          });
        }
        await expectAccessible(page);

        await openTab(page, '?tab=cashflows', '入出金');
        await expectAccessible(page);
        await openTab(page, '?tab=orders', '注文');
        await expectAccessible(page);
        expect(problems).toEqual([]);
      }));
  }

  it('1000001: 先月 shows last month’s cashflows, each with its date and signed amount', () =>
    withPage('1000001', async (page, problems) => {
      await openTab(page, '?tab=cashflows', '入出金');
      await page.getByRole('radio', { name: '先月' }).check({ force: true });
      await page.waitForURL((url) => url.searchParams.get('period') === 'lastMonth');
      // last month in Japan, computed here
      const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' })
        .format(new Date())
        .split('-')
        .map(Number) as [number, number];
      const last = new Date(Date.UTC(year, month - 2, 1));
      const from = last.toISOString().slice(0, 10);
      const to = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
      const { cashflows } = await api<{
        cashflows: { type: string; amount: string; occurredOn: string; description: string }[];
      }>(page, `/v1/cashflows?from=${from}&to=${to}&page=1&pageSize=20`);
      expect(cashflows.length).toBeGreaterThan(0);
      const list = page.getByRole('list', { name: '入出金の履歴' });
      await expect.poll(() => list.getByRole('listitem').count()).toBe(cashflows.length);
      const texts = await list.getByRole('listitem').allTextContents();
      cashflows.forEach((cashflow, index) => {
        expect(cashflow.occurredOn >= from && cashflow.occurredOn <= to).toBe(true);
        const text = texts[index] ?? '';
        expect(text).toContain(cashflow.description);
        expect(text).toContain(date(cashflow.occurredOn));
        expect(text).toContain(
          cashflow.type === 'withdraw' ? `−${yen(cashflow.amount)}` : `+${yen(cashflow.amount)}`,
        );
      });
      await expectAccessible(page);
      expect(problems).toEqual([]);
    }));

  it('1000001: the pending order is cancelled from its card and then shows 取消済', () =>
    withPage('1000001', async (page, problems) => {
      await openTab(page, '?tab=orders', '注文');
      const { orders } = await api<{ orders: { id: string; cancelable: boolean }[] }>(
        page,
        '/v1/orders?status=ORDERED',
      );
      const pending = orders.find((order) => order.cancelable);
      if (pending === undefined) throw new Error('1000001 has no cancellable order in the demo data');
      const card = page.locator(`li[aria-labelledby="order-${pending.id}-title"]`);
      expect(await card.textContent()).toContain('注文中');
      await card.getByRole('button', { name: '取消', exact: true }).click();
      await card.getByText('この注文を取り消しますか？').waitFor();
      await expectAccessible(page);
      await card.getByRole('button', { name: '取り消す' }).click();
      await card.getByText('注文を取り消しました。').waitFor();
      await expect.poll(() => card.textContent()).toContain('取消済');
      expect(await card.getByRole('button', { name: '取消', exact: true }).count()).toBe(0);
      const after = await api<{ order: { status: string } }>(page, `/v1/orders/${pending.id}`);
      expect(after.order.status).toBe('CANCELED');
      expect(problems).toEqual([]);
    }));
});
