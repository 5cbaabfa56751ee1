// A fund's life on screen (issue 28 points 3 and 6) through the real sign-in, server and built app:
// トータルリターン's total agrees with 資産状況's holdings to the yen, and a holding's distribution course is
// changed from 資産状況; axe finds nothing on either screen at the phone viewport.
import type { Assets, TotalReturns } from '@fund/contracts';
import { formatSignedYen, formatYen } from '@fund/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, signedInState, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();
let signedIn: StorageState;

beforeAll(async () => {
  signedIn = await signedInState(app.browser, app.server.baseUrl, '1000001');
}, 60_000);

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${app.server.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${accessTokenOf(signedIn)}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

describe('a fund’s life on screen', () => {
  it('total-return-screen-agrees-with-the-assets-to-the-yen', () =>
    app.withPage(
      async (page, problems) => {
        const [assets, totals] = await Promise.all([
          api<Assets>('/v1/assets'),
          api<TotalReturns>('/v1/totalReturns'),
        ]);
        // 評価金額: 資産状況's holdings, the units of pending sells included
        const valued = assets.holdings.reduce(
          (sum, holding) => sum + BigInt(holding.value) + BigInt(holding.pendingSellValue),
          0n,
        );
        expect(BigInt(totals.total.valuation)).toBe(valued);
        await page.goto('/assets');
        await page.getByRole('link', { name: /トータルリターン（ファンドごとの通算の損益）を見る/ }).click();
        await page.getByRole('heading', { level: 1, name: 'トータルリターン' }).waitFor();
        const total = page.getByRole('region', { name: 'すべてのファンドの合計' });
        const valueOf = async (term: string) =>
          (
            await total
              .locator('.ui-description-list__row', { has: page.locator('dt', { hasText: term }) })
              .locator('dd')
              .innerText()
          ).split('\n')[0];
        expect(await valueOf('評価金額')).toBe(formatYen(BigInt(totals.total.valuation)));
        expect(await valueOf('トータルリターン')).toBe(formatSignedYen(BigInt(totals.total.totalReturn)));
        await expectAccessible(page);
        expect(problems).toEqual([]);
      },
      { storageState: signedIn },
    ));

  it('holding-course-changed-from-the-assets-screen', () =>
    app.withPage(
      async (page, problems) => {
        await page.goto('/assets');
        const holding = page.locator('article.assets-holding').first();
        await holding.getByRole('button', { name: /受取方法を変更/ }).click();
        await holding.getByRole('radio', { name: /^受取/ }).check();
        await expectAccessible(page);
        await holding.getByRole('button', { name: '変更する' }).click();
        await expect
          .poll(() => holding.getByRole('status').innerText())
          .toContain('受取方法を「受取」に変更しました。');
        await expectAccessible(page);
        expect(problems).toEqual([]);
      },
      { storageState: signedIn },
    ));
});
