// NISA口座の残高 (spec §2 /assets/nisaBalance, issue 14 points 5 and 7) through the real sign-in, the real
// server and the built app: the figures equal what this test computes itself from `/v1/trades` of the
// NISA account types (annual use by 受渡日 year, lifetime use by 簿価 with sales freeing their pro-rata
// 簿価 from the next January), and the explanations of the customers who cannot use NISA.
import type { NisaStatusByYear, Trades } from '@fund/contracts';
import { formatYen } from '@fund/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, storedAccessToken, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();
const path = '/assets/nisaBalance';

const states: Record<string, StorageState> = {};
beforeAll(async () => {
  for (const account of ['1000001', '1000002', '1000003', '1000004'])
    states[account] = await signedInState(app.browser, app.server.baseUrl, account);
}, 120_000);

const withPage = (account: string, test: (page: Page, problems: string[]) => Promise<void>) =>
  app.withPage(test, { storageState: states[account] });

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const token = await storedAccessToken(page);
  const response = await fetch(`${app.server.baseUrl}${url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

type Trade = Trades['trades'][number];

async function allFundTrades(page: Page): Promise<Trade[]> {
  const trades: Trade[] = [];
  for (let number = 1; ; number += 1) {
    const answer = await apiGet<Trades>(page, `/v1/trades?type=FUND&page=${number}&pageSize=100`);
    trades.push(...answer.trades);
    if (number * answer.paging.pageSize >= answer.paging.total) return trades;
  }
}

const yearOf = (isoDate: string) => Number(isoDate.slice(0, 4));

/**
 * The 2024 NISA's use, from the trades alone (domain.md §5): purchases by 受渡日 year and bucket; a sale
 * frees ⌊簿価 × sold ÷ held⌋ of its position (all of it when the last units go), from the next January.
 */
function nisaUseFromTrades(trades: readonly Trade[], year: number) {
  const annual = { nisa2_tsumitate: 0n, nisa2_growth: 0n };
  let purchasedUpToYear = { nisa2_tsumitate: 0n, nisa2_growth: 0n };
  const freedBefore = { nisa2_tsumitate: 0n, nisa2_growth: 0n };
  let freedInYear = 0n;
  const positions = new Map<string, { units: bigint; book: bigint }>();
  const inOrder = trades
    .filter((trade) => trade.accountType === 'nisa2_tsumitate' || trade.accountType === 'nisa2_growth')
    .toSorted(
      (a, b) => a.settlementDate.localeCompare(b.settlementDate) || a.tradeDate.localeCompare(b.tradeDate),
    );
  purchasedUpToYear = { nisa2_tsumitate: 0n, nisa2_growth: 0n };
  for (const trade of inOrder) {
    const bucket = trade.accountType as 'nisa2_tsumitate' | 'nisa2_growth';
    const key = `${bucket}/${trade.fund?.code ?? ''}`;
    const position = positions.get(key) ?? { units: 0n, book: 0n };
    const units = BigInt(trade.units ?? '0');
    const settled = yearOf(trade.settlementDate);
    if (trade.side === 'BUY') {
      position.units += units;
      position.book += BigInt(trade.amount);
      if (settled === year) annual[bucket] += BigInt(trade.amount);
      if (settled <= year) purchasedUpToYear[bucket] += BigInt(trade.amount);
    } else if (trade.side === 'SELL') {
      const freed = units === position.units ? position.book : (position.book * units) / position.units;
      position.units -= units;
      position.book -= freed;
      if (settled < year) freedBefore[bucket] += freed;
      if (settled === year) freedInYear += freed;
    }
    positions.set(key, position);
  }
  const growth = purchasedUpToYear.nisa2_growth - freedBefore.nisa2_growth;
  const total = purchasedUpToYear.nisa2_tsumitate - freedBefore.nisa2_tsumitate + growth;
  return { annual, lifetime: { total, growth }, freedInYear };
}

/** The text of the description list labelled `label`, without white space. */
async function listText(page: Page, label: string, index = 0): Promise<string> {
  const text = await page.locator(`dl[aria-label="${label}"]`).nth(index).textContent();
  return (text ?? '').replace(/\s+/g, '');
}

describe('NISA口座の残高 of the main demo customer (1000001)', () => {
  it('shows this year’s use, the lifetime 簿価 and the planner, to the yen of the trades', () =>
    withPage('1000001', async (page, problems) => {
      await page.goto(path);
      const planner = page.getByRole('region', { name: 'あといくら投資できますか' });
      await planner
        .getByText(/来年1月から/)
        .first()
        .waitFor();
      const status = await apiGet<NisaStatusByYear>(page, '/v6/nisaStatusByYear');
      const year = status.year;
      const trades = await allFundTrades(page);
      const use = nisaUseFromTrades(trades, year);
      // no order is pending for the demo customer: used = settled purchases of the year
      expect(status.tsumitate.pending).toBe('0');
      expect(status.growth.pending).toBe('0');

      const tsumitateRoom = 1_200_000n - use.annual.nisa2_tsumitate;
      const growthRoom = 2_400_000n - use.annual.nisa2_growth;
      expect(await listText(page, 'つみたて投資枠の利用状況')).toBe(
        `年間投資枠1,200,000円利用額${formatYen(use.annual.nisa2_tsumitate)}残り${formatYen(tsumitateRoom)}`,
      );
      expect(await listText(page, '成長投資枠の利用状況')).toBe(
        `年間投資枠2,400,000円利用額${formatYen(use.annual.nisa2_growth)}残り${formatYen(growthRoom)}`,
      );
      expect(await listText(page, '生涯投資枠の利用状況')).toBe(
        `生涯非課税限度額18,000,000円利用中（簿価）${formatYen(use.lifetime.total)}残り${formatYen(18_000_000n - use.lifetime.total)}`,
      );
      expect(await listText(page, '成長投資枠の生涯上限の利用状況')).toBe(
        `成長投資枠の上限12,000,000円利用中（簿価）${formatYen(use.lifetime.growth)}残り${formatYen(12_000_000n - use.lifetime.growth)}`,
      );
      expect(await listText(page, '売却による枠の復活')).toBe(
        `${year + 1}年1月に復活する枠${formatYen(use.freedInYear)}${year}年に売却した商品の簿価`,
      );

      // planner: this year the annual rooms (far from the lifetime limits), from January fresh limits
      const plannerText = ((await planner.textContent()) ?? '').replace(/\s+/g, '');
      expect(plannerText).toContain(
        `つみたて投資枠今年あと${formatYen(tsumitateRoom)}、来年1月から1,200,000円`,
      );
      expect(plannerText).toContain(`成長投資枠今年あと${formatYen(growthRoom)}、来年1月から2,400,000円`);
      expect(plannerText).toContain('受渡日の年の枠を使います');

      // the NISA holdings, leading to the assets screen
      const holdings = page.getByRole('region', { name: 'NISAで保有中の商品' });
      await holdings.getByRole('list', { name: 'NISA つみたて投資枠' }).waitFor();
      expect(await holdings.getByRole('link').first().getAttribute('href')).toBe('/assets');
      await expectAccessible(page);

      // a past year from the selector
      await page.getByLabel('表示する年').selectOption(String(year - 1));
      await page.getByRole('heading', { name: `${year - 1}年の年間投資枠` }).waitFor();
      const past = nisaUseFromTrades(trades, year - 1);
      expect(await listText(page, 'つみたて投資枠の利用状況')).toContain(
        `利用額${formatYen(past.annual.nisa2_tsumitate)}`,
      );
      expect(problems).toEqual([]);
    }));
});

describe('NISA口座の残高 of customers who cannot use NISA', () => {
  it.each([
    ['1000002', '法人口座ではNISAをご利用いただけません。'],
    ['1000003', 'NISAは1月1日時点で18歳以上の方がご利用いただけます。'],
    ['1000004', 'ジュニアNISAでの新たなご購入は、2023年で終了しました。'],
  ])('%s gets an explanation, no error', (account, lead) =>
    withPage(account, async (page, problems) => {
      await page.goto(path);
      await page.getByText(lead).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      if (account === '1000004') {
        const holdings = page.getByRole('region', { name: 'NISAで保有中の商品' });
        await holdings.getByRole('list', { name: 'ジュニアNISA' }).waitFor();
        expect(await page.getByText('いつでも非課税で払い出し', { exact: false }).count()).toBe(1);
      } else {
        expect(await page.locator('.ui-figure').count()).toBe(0);
      }
      await expectAccessible(page);
      expect(problems).toEqual([]);
    }),
  );
});
