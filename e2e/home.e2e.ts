// ホーム (spec §2 /) through the real sign-in, the real server and the built app, for the four demo
// customers of every role: axe at the phone viewport, and the figures the screen shows equal to the yen
// what this test computes itself from the API (issue 14 "Tests").
import type { Assets, OrdersResponse, RecurringPurchaseList } from '@fund/contracts';
import { formatYen, groupDigits } from '@fund/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, storedAccessToken, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

const customers = {
  '1000001': 'ADULT',
  '1000002': 'CORPORATION',
  '1000003': 'CHILD',
  '1000004': 'JUNIOR_NISA',
} as const;
type AccountNumber = keyof typeof customers;

const states = new Map<AccountNumber, StorageState>();
beforeAll(async () => {
  for (const accountNumber of Object.keys(customers) as AccountNumber[]) {
    states.set(accountNumber, await signedInState(app.browser, app.server.baseUrl, accountNumber));
  }
}, 120_000);

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

async function openHome(page: Page) {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'ホーム' }).waitFor();
  // every card has answered: no skeleton left
  await expect.poll(() => page.locator('.ui-skeleton').count(), { timeout: 15_000 }).toBe(0);
}

const shortcutsByRole = {
  ADULT: ['購入する', '積立を設定する', '入出金・取引履歴', 'NISA口座の状況'],
  CORPORATION: ['購入する', '積立を設定する', '入出金・取引履歴'],
  CHILD: ['購入する', '積立を設定する', '入出金・取引履歴'],
  JUNIOR_NISA: ['入出金・取引履歴', 'NISA口座の状況'],
};

describe('home (spec §2 /)', () => {
  it.each(Object.entries(customers) as [AccountNumber, keyof typeof shortcutsByRole][])(
    '%s (%s): 総資産, 積立 and orders in progress equal the API, the role’s shortcuts, no axe violation',
    (accountNumber, role) =>
      app.withPage(
        async (page, problems) => {
          await openHome(page);

          const assets = await api<Assets>(page, '/v1/assets');
          // 総資産 = funds at 解約価額 + お預り金 + 受渡待ち (the contract's sum)
          const total =
            BigInt(assets.total.value) +
            BigInt(assets.cashBalance) +
            BigInt(assets.inTransit.buys) +
            BigInt(assets.inTransit.sells);
          expect(assets.totalAssets).toBe(total.toString());
          expect(await page.getByTestId('total-assets').textContent()).toBe(formatYen(total));

          const { recurringPurchases } = await api<RecurringPurchaseList>(page, '/v1/recurringPurchases');
          const inForce = recurringPurchases.filter((plan) => plan.status === 'ACTIVE');
          const shown = recurringPurchases.filter((plan) => plan.status !== 'CANCELED');
          if (shown.length === 0) {
            await expect.poll(() => page.getByText('積立の設定はありません。').count()).toBe(1);
          } else {
            const monthly = inForce.reduce((sum, plan) => sum + BigInt(plan.amount), 0n);
            expect(await page.getByTestId('plans-total').textContent()).toBe(formatYen(monthly));
            expect(await page.getByTestId('plan-amount').allTextContents()).toEqual(
              shown.map((plan) => `月${formatYen(plan.amount)}`),
            );
          }

          const [ordered, executed] = await Promise.all([
            api<OrdersResponse>(page, '/v1/orders?status=ORDERED'),
            api<OrdersResponse>(page, '/v1/orders?status=EXECUTED'),
          ]);
          const inProgress = [...ordered.orders, ...executed.orders]
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            .slice(0, 5);
          expect(await page.getByTestId('order-figure').allTextContents()).toEqual(
            inProgress.map((order) =>
              order.executedAmount !== null
                ? formatYen(order.executedAmount)
                : order.orderType === 'ALL'
                  ? '全部解約'
                  : order.requestedAmount !== null
                    ? formatYen(order.requestedAmount)
                    : `${groupDigits(order.requestedUnits ?? '0')}口`,
            ),
          );

          const shortcuts = page.getByRole('navigation', { name: 'よく使うメニュー' }).getByRole('link');
          expect(await shortcuts.allTextContents()).toEqual(shortcutsByRole[role]);

          await expectAccessible(page);
          // the point call answers 400-100 to a customer with no card: a state the card shows, not a fault
          expect(
            problems.filter((problem) => !problem.includes('/v1/cashflows/saisonConnect/point')),
          ).toEqual([]);
        },
        { storageState: states.get(accountNumber)! },
      ),
    60_000,
  );

  it('offers the main customer to register its card again: the issuer asks for it (400-101)', () =>
    app.withPage(
      async (page) => {
        await openHome(page);
        const point = await api<{ code: string }>(page, '/v1/cashflows/saisonConnect/point');
        expect(point.code).toBe('400-101');
        const register = page.getByRole('link', { name: 'カードを再登録する' });
        expect(await register.getAttribute('href')).toBe('/saisonConnect');
      },
      { storageState: states.get('1000001')! },
    ));

  it('shows the corporation its card earns no points: a disabled 対象外 button (400-102)', () =>
    app.withPage(
      async (page) => {
        await openHome(page);
        expect(await page.getByRole('button', { name: '対象外' }).isDisabled()).toBe(true);
      },
      { storageState: states.get('1000002')! },
    ));

  it('offers the child’s account to register a card: none is linked (400-100)', () =>
    app.withPage(
      async (page) => {
        await openHome(page);
        const register = page.getByRole('link', { name: 'カードを登録する' });
        expect(await register.getAttribute('href')).toBe('/saisonConnect');
      },
      { storageState: states.get('1000003')! },
    ));
});
