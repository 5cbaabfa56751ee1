// 取引 (spec §2 /trading, issue 15 point 1) through the real sign-in, the real server and the built app:
// every fund's 基準価額 and 前日比 equal to the yen what this test computes from the API, a fund's chart
// and its table, the prospectus block lifted by confirming it, axe on the list and on an opened fund; and
// the junior NISA customer, who may not buy.
import type { FundDetail, FundsResponse, NavsResponse } from '@fund/contracts';
import { formatJapaneseDate, formatNavPer10k, formatSignedRate, formatSignedYen } from '@fund/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, storedAccessToken, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

let adult: StorageState;
let juniorNisa: StorageState;
beforeAll(async () => {
  adult = await signedInState(app.browser, app.server.baseUrl, '1000001');
  juniorNisa = await signedInState(app.browser, app.server.baseUrl, '1000004');
}, 90_000);

/** A GET of the product API with the page's own token, as the app makes it. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await storedAccessToken(page);
  return page.evaluate(
    async ([url, bearer]) => {
      const response = await fetch(url!, { headers: { authorization: `Bearer ${bearer}` } });
      return (await response.json()) as unknown;
    },
    [path, token],
  ) as Promise<T>;
}

async function openTrading(page: Page, search = '') {
  await page.goto(`/trading${search}`);
  await page.getByRole('heading', { level: 1, name: '取引' }).waitFor();
  await expect.poll(() => page.locator('.ui-skeleton').count(), { timeout: 15_000 }).toBe(0);
}

/** The same day one year earlier (the chart's default period), by the calendar. */
function oneYearBefore(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4)) - 1;
  const rest = isoDate.slice(4);
  // 29 February of a leap year has no twin a year earlier
  return rest === '-02-29' ? `${year}-02-28` : `${year}${rest}`;
}

describe('trading list (spec §2 /trading)', () => {
  it(
    '1000001: every fund’s NAV and day change equal the API, a fund’s chart and table, the prospectus confirmed lifts the buy block',
    () =>
      app.withPage(
        async (page, problems) => {
          await openTrading(page);
          const { funds } = await api<FundsResponse>(page, '/v1/funds');
          expect(funds.length).toBeGreaterThan(0);
          for (const fund of funds) {
            const card = page.getByRole('region', { name: fund.name, exact: true });
            expect(await card.getByTestId('fund-nav').textContent()).toBe(formatNavPer10k(fund.nav!));
            const previous = BigInt(fund.nav!) - BigInt(fund.dayChange!);
            expect(await card.getByTestId('fund-day-change').textContent()).toBe(
              `${formatSignedYen(fund.dayChange!)}（${formatSignedRate(fund.dayChange!, previous)}）`,
            );
          }
          await expectAccessible(page);

          // the fund whose prospectus the demo customer has not confirmed (seed: DEMOF002)
          const fund = funds.find((candidate) => candidate.code === 'DEMOF002')!;
          const before = await api<FundDetail>(page, `/v1/funds/${fund.code}`);
          expect(before.fund.prospectus?.confirmed).toBe(false);
          const card = page.getByRole('region', { name: fund.name, exact: true });
          await card.getByRole('button', { name: /チャート・目論見書・購入/ }).click();
          await page.waitForURL((url) => url.searchParams.get('fund') === fund.code);

          const navs = await api<NavsResponse>(
            page,
            `/v1/funds/${fund.code}/navs?from=${oneYearBefore(fund.navDate!)}&to=${fund.navDate!}`,
          );
          await card.getByRole('button', { name: '表で見る' }).click();
          const table = card.getByRole('table', { name: `${fund.shortName}の基準価額の推移（1万口あたり）` });
          await table.waitFor();
          // a year is longer than the table's 60 rows: it lists the last 基準日 of each month, with the NAV
          const monthEnds = navs.navs.filter(
            (nav, index) => navs.navs[index + 1]?.date.slice(0, 7) !== nav.date.slice(0, 7),
          );
          const rows = await table.getByRole('row').allTextContents();
          expect(rows.slice(1)).toEqual(
            monthEnds.map((nav) => `${formatJapaneseDate(nav.date)}${formatNavPer10k(nav.nav)}`),
          );

          const buy = card.getByRole('button', { name: '購入する' });
          expect(await buy.isDisabled()).toBe(true);
          await expectAccessible(page);

          await card.getByRole('button', { name: '目論見書を確認しました' }).click();
          const buyLink = card.getByRole('link', { name: '購入する' });
          await buyLink.waitFor();
          expect(await buyLink.getAttribute('href')).toBe(`/trading/buy/${fund.code}/input`);
          const after = await api<FundDetail>(page, `/v1/funds/${fund.code}`);
          expect(after.fund.prospectus?.confirmed).toBe(true);
          await expectAccessible(page);
          expect(problems).toEqual([]);
        },
        { storageState: adult },
      ),
    60_000,
  );

  it(
    '1000004 (junior NISA): no 購入する or 積立, the reason said, no axe violation',
    () =>
      app.withPage(
        async (page, problems) => {
          await openTrading(page, '?fund=DEMOF001');
          await page.getByText('ジュニアNISA口座のお客さまへ').waitFor();
          await page.getByText('ジュニアNISA口座では、2024年以降、新しい購入・積立はできません。').waitFor();
          expect(await page.getByRole('link', { name: '購入する' }).count()).toBe(0);
          expect(await page.getByRole('button', { name: '購入する' }).count()).toBe(0);
          expect(await page.getByRole('link', { name: '積立を設定する' }).count()).toBe(0);
          await expectAccessible(page);
          expect(problems).toEqual([]);
        },
        { storageState: juniorNisa },
      ),
    60_000,
  );
});
