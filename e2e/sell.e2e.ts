// 売却 (spec §2 /trading/sell/{code}, issue 15 points 3 and 5) through the real sign-in, the real server and
// the built app: 1000001 sells units of a fund held in the specific account — the estimate on the
// confirmation equals the API's to the yen, and after placing the holding shows the sold units deducted
// (pending) to the unit, as `/v1/assets` does; then sets up a 定期売却 and suspends and resumes it. A
// corporation (1000002) is told scheduled sells are not available. axe on every step.
import type { Assets, OrderEstimate, ScheduledSellList } from '@fund/contracts';
import { formatJapaneseDate, formatSignedRate, formatSignedYen, formatUnits, formatYen } from '@fund/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, storedAccessToken, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();
const fundCode = 'DEMOF003';
const path = `/trading/sell/${fundCode}`;
const soldUnits = 10_000n;

const states: Record<string, StorageState> = {};
beforeAll(async () => {
  for (const account of ['1000001', '1000002'])
    states[account] = await signedInState(app.browser, app.server.baseUrl, account);
}, 60_000);

const withPage = (account: string, test: (page: Page, problems: string[]) => Promise<void>) =>
  app.withPage(test, { storageState: states[account] });

async function api<T>(page: Page, url: string, body?: unknown): Promise<T> {
  const token = await storedAccessToken(page);
  const response = await fetch(`${app.server.baseUrl}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

const specificHolding = (assets: Assets) =>
  assets.holdings.find((holding) => holding.fund.code === fundCode && holding.accountType === 'specific');

/** The text of the description list labelled `label`, without white space. */
async function listText(page: Page, label: string): Promise<string> {
  const text = await page.locator(`dl[aria-label="${label}"]`).first().textContent();
  return (text ?? '').replace(/\s+/g, '');
}

describe('売却 of the main demo customer (1000001)', () => {
  it('sells units in the specific account: the API’s estimate, one order, the holding reduced to the unit', () =>
    withPage('1000001', async (page, problems) => {
      await page.goto(path);
      const form = page.getByRole('region', { name: '売却の内容' });
      await form.waitFor();
      const before = specificHolding(await api<Assets>(page, '/v1/assets'));
      expect(before).toBeDefined();
      expect(await listText(page, '特定口座の保有状況')).toContain(`保有口数${formatUnits(before!.units)}`);
      await expectAccessible(page);

      await form.getByRole('radio', { name: /特定口座/ }).check();
      await form.getByRole('radio', { name: '口数指定' }).check();
      await form.getByRole('textbox', { name: '売却口数' }).fill(soldUnits.toString());
      await form.getByRole('button', { name: '確認する' }).click();

      await page.getByRole('button', { name: '売却する' }).waitFor();
      expect(new URL(page.url()).searchParams.get('step')).toBe('confirm');
      await page.locator('dl[aria-label="受取金額の概算"]').waitFor();
      const estimate = await api<OrderEstimate>(page, '/v1/orders/estimate', {
        side: 'SELL',
        fundCode,
        accountType: 'specific',
        orderType: 'QUANTITY',
        units: soldUnits.toString(),
      });
      const tax = BigInt(estimate.estimatedTax);
      const shown = await listText(page, '受取金額の概算');
      expect(shown).toContain(`売却口数（概算）${formatUnits(estimate.units)}`);
      expect(shown).toContain(
        `解約価額（1万口あたり）${formatYen(estimate.pricePer10k)}${formatJapaneseDate(estimate.priceDate)}時点`,
      );
      expect(shown).toContain(`概算受取金額（税引前）${formatYen(estimate.amount)}`);
      expect(shown).toContain(`源泉徴収税額（概算）${tax < 0n ? `還付${formatYen(-tax)}` : formatYen(tax)}`);
      expect(shown).toContain(`受取金額（概算）${formatYen(estimate.estimatedNetProceeds ?? '')}`);
      // the net proceeds reconcile with the gross and the tax
      expect(BigInt(estimate.estimatedNetProceeds ?? '0')).toBe(BigInt(estimate.amount) - tax);
      expect(await listText(page, 'お取引の日程')).toContain(
        `申込日${formatJapaneseDate(estimate.dates.applicationDate)}約定日（予定）${formatJapaneseDate(estimate.dates.tradeDate)}`,
      );
      await expectAccessible(page);

      // a reload of the confirmation keeps it
      await page.reload();
      await page.locator('dl[aria-label="受取金額の概算"]').waitFor();
      // a double tap places one order
      await page.getByRole('button', { name: '売却する' }).dblclick();
      await page.getByRole('region', { name: 'ご注文を受け付けました' }).waitFor();
      await page.getByRole('region', { name: 'ご注文後の保有状況' }).locator('dl').waitFor();

      const after = specificHolding(await api<Assets>(page, '/v1/assets'));
      expect(BigInt(after!.units)).toBe(BigInt(before!.units) - soldUnits);
      expect(BigInt(after!.pendingSellUnits)).toBe(BigInt(before!.pendingSellUnits) + soldUnits);
      expect(await listText(page, '特定口座の保有状況')).toBe(
        `保有口数${formatUnits(after!.units)}売却注文中の口数${formatUnits(after!.pendingSellUnits)}保有口数から差し引いて表示しています` +
          `評価額${formatYen(after!.value)}簿価（取得価額）${formatYen(after!.bookValue)}` +
          `評価損益${formatSignedYen(after!.gainLoss)}（${formatSignedRate(after!.gainLoss, after!.bookValue)}）`,
      );
      const orders = await api<{ orders: { reservedUnits: string; fundCode: string }[] }>(
        page,
        '/v1/orders?status=ORDERED',
      );
      expect(
        orders.orders.filter(
          (order) => order.fundCode === fundCode && order.reservedUnits === soldUnits.toString(),
        ),
      ).toHaveLength(1);
      await expectAccessible(page);
      expect(problems).toEqual([]);
    }));

  it('sets up a 定期売却, suspends and resumes it, each confirmed', () =>
    withPage('1000001', async (page, problems) => {
      await page.goto(path);
      const section = page.getByRole('region', { name: '定期売却' });
      await section.getByRole('button', { name: '定期売却を設定する' }).click();
      await section.getByRole('textbox', { name: '毎回の売却金額' }).fill('20000');
      await section.getByRole('radio', { name: '毎月' }).check();
      await section.getByRole('button', { name: '確認する' }).click();
      await section.locator('dl[aria-label="定期売却の確認"]').waitFor();
      await expectAccessible(page);
      await section.getByRole('button', { name: '設定する' }).click();
      await section.getByText('定期売却を設定しました。').waitFor();

      const plans = await api<ScheduledSellList>(page, '/v1/scheduledSells');
      const plan = plans.scheduledSells.find(
        (item) => item.fund.code === fundCode && item.status !== 'CANCELED',
      );
      expect(plan).toMatchObject({ type: 'AMOUNT', value: '20000', frequency: 'MONTHLY', status: 'ACTIVE' });
      const item = section.getByRole('listitem');
      await item.getByText('定額 20,000円').waitFor();

      await item.getByRole('button', { name: '停止する' }).click();
      await item.getByText(/この定期売却を停止しますか。/).waitFor();
      await expectAccessible(page);
      await item.getByRole('button', { name: '停止する' }).click();
      await section.getByText('定期売却を停止しました。').waitFor();
      await item.getByText('停止中', { exact: true }).waitFor();
      expect(
        (await api<ScheduledSellList>(page, '/v1/scheduledSells')).scheduledSells.find(
          (p) => p.id === plan!.id,
        )?.status,
      ).toBe('SUSPENDED');

      await item.getByRole('button', { name: '再開する' }).click();
      await item.getByRole('button', { name: '再開する' }).click();
      await section.getByText('定期売却を再開しました。').waitFor();
      await item.getByText('設定中', { exact: true }).waitFor();
      expect(
        (await api<ScheduledSellList>(page, '/v1/scheduledSells')).scheduledSells.find(
          (p) => p.id === plan!.id,
        )?.status,
      ).toBe('ACTIVE');
      await expectAccessible(page);
      expect(problems).toEqual([]);
    }));
});

describe('売却 of a corporation (1000002)', () => {
  it('is told that scheduled sells are not available', () =>
    withPage('1000002', async (page, problems) => {
      await page.goto(path);
      await page.locator('h1').waitFor();
      const assets = await api<Assets>(page, '/v1/assets');
      const held = assets.holdings.find((holding) => holding.fund.code === fundCode);
      // the section is on the page whether or not the corporation holds this fund
      const section = page.getByRole('region', { name: '定期売却' });
      await section.getByText(/法人のお客さまは定期売却をご利用いただけません。/).waitFor();
      expect(await section.getByRole('button', { name: '定期売却を設定する' }).count()).toBe(0);
      if (held === undefined) await page.getByText('このファンドを保有していません。').waitFor();
      await expectAccessible(page);
      expect(problems).toEqual([]);
    }));
});
