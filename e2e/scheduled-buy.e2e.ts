// 積立 (spec §2 /trading/scheduledBuy/{code}/inputType → inputAmount → confirm) and 毎月の入金
// (/trading/monthlyDeposit) through the real sign-in, the real server and the built app: a plan set up,
// the card limit refused, a plan changed and suspended, the deposit page signed out and signed in; axe on
// each step at the phone viewport.
import type { MonthlyDeposit, RecurringPurchaseList } from '@fund/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, storedAccessToken, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(app.browser, app.server.baseUrl, '1000001');
}, 60_000);

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

async function heading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await expect.poll(() => page.locator('.ui-skeleton').count(), { timeout: 15_000 }).toBe(0);
  // an in-app step fades the page in (spec §2 page transition): axe measures contrast once it is over
  await expect
    .poll(() => page.locator('.page-enter-active, .page-leave-active, .page-enter-from').count())
    .toBe(0);
}

// DEMOF005: no live 積立 of the main customer in the 特定口座 (demo-history-script.ts)
const fund = 'DEMOF005';

describe('積立 and 毎月の入金 (spec §2)', () => {
  it(
    'sets up a 10,000円 口座振替 積立 in the 特定口座, refuses a card plan past 100,000円 a month, changes and suspends the plan',
    () =>
      app.withPage(
        async (page, problems) => {
          await page.goto(`/trading/scheduledBuy/${fund}/inputType`);
          await heading(page, '積立方法の選択');
          await expectAccessible(page);
          await page.getByRole('radio', { name: /^口座振替/ }).check();
          await page.getByRole('radio', { name: /^特定口座/ }).check();
          await page.getByRole('button', { name: /次へ/ }).click();

          await heading(page, '積立金額の入力');
          await expectAccessible(page);
          await page.getByRole('textbox', { name: /毎月の積立金額/ }).fill('10000');
          await page.getByRole('button', { name: '確認画面へ' }).click();

          await heading(page, '積立内容の確認');
          await expectAccessible(page);
          await page.getByRole('button', { name: '設定する' }).click();
          await page.getByText('積立の設定を受け付けました').waitFor();
          await expectAccessible(page);

          const { recurringPurchases } = await api<RecurringPurchaseList>(page, '/v1/recurringPurchases');
          const created = recurringPurchases.find(
            (plan) => plan.fund.code === fund && plan.accountType === 'specific' && plan.status === 'ACTIVE',
          );
          expect(created).toMatchObject({ amount: '10000', paymentMethod: 'ACCOUNT_TRANSFER', bonus: null });

          // the card plans already add up to this much a month; 100,000 yen more passes the limit
          const cardTotal = recurringPurchases
            .filter((plan) => plan.status !== 'CANCELED' && plan.paymentMethod === 'CREDIT_CARD')
            .reduce((sum, plan) => sum + BigInt(plan.amount), 0n);
          expect(cardTotal).toBeGreaterThan(0n);
          const tooMuch = (100_000n - cardTotal + 1_000n).toString();
          await page.goto(`/trading/scheduledBuy/DEMOF001/inputAmount?pay=CREDIT_CARD&account=specific`);
          await heading(page, '積立金額の入力');
          await page.getByRole('textbox', { name: /毎月の積立金額/ }).fill(tooMuch);
          await page.getByRole('button', { name: '確認画面へ' }).click();
          await page
            .getByText(/クレジットカードでの積立は、すべての積立の合計で月100,000円までです/)
            .waitFor();
          await expectAccessible(page);
          // the server refuses it too when the confirm screen is opened with that draft
          await page.goto(
            `/trading/scheduledBuy/DEMOF001/confirm?pay=CREDIT_CARD&account=specific&amount=${tooMuch}`,
          );
          await heading(page, '積立内容の確認');
          await page.getByRole('button', { name: '設定する' }).click();
          await expect
            .poll(() => page.getByRole('alert').textContent())
            .toContain('クレジットカードでの積立は、すべての積立の合計で月10万円までです');
          await expectAccessible(page);

          // change the new plan's amount, then suspend it
          await page.goto(`/trading/scheduledBuy/${fund}/inputType?plan=${created!.id}`);
          await heading(page, '積立方法の選択');
          await expectAccessible(page);
          await page.getByRole('link', { name: '金額・お支払い方法を変更する' }).click();
          await page.getByRole('button', { name: /次へ/ }).click();
          await heading(page, '積立金額の入力');
          await page.getByRole('textbox', { name: /毎月の積立金額/ }).fill('12000');
          await page.getByRole('button', { name: '確認画面へ' }).click();
          await heading(page, '積立内容の確認');
          await page.getByRole('button', { name: '変更する' }).click();
          await page.getByText('積立の変更を受け付けました').waitFor();
          let plan = (
            await api<RecurringPurchaseList>(page, '/v1/recurringPurchases')
          ).recurringPurchases.find((candidate) => candidate.id === created!.id);
          expect(plan?.pendingChange?.terms?.amount ?? plan?.amount).toBe('12000');

          await page.goto(`/trading/scheduledBuy/${fund}/inputType?plan=${created!.id}`);
          await heading(page, '積立方法の選択');
          await page.getByRole('button', { name: '積立を停止する' }).click();
          await expectAccessible(page);
          await page.getByRole('button', { name: '停止する', exact: true }).click();
          await page.getByText(/積立を停止しました/).waitFor();
          plan = (await api<RecurringPurchaseList>(page, '/v1/recurringPurchases')).recurringPurchases.find(
            (candidate) => candidate.id === created!.id,
          );
          expect(plan?.status).toBe('SUSPENDED');

          // the card-limit refusal is a state the screen shows; the point call may answer a card state
          expect(
            problems.filter(
              (problem) =>
                !problem.includes('/v1/recurringPurchases') &&
                !problem.includes('/v1/cashflows/saisonConnect/point'),
            ),
          ).toEqual([]);
        },
        { storageState: signedIn },
      ),
    60_000,
  );

  it('shows no customer data signed out, and saves a deposit signed in', async () => {
    await app.withPage(async (page) => {
      await page.goto('/trading/monthlyDeposit');
      await page.getByRole('heading', { level: 1, name: '毎月の入金' }).waitFor();
      await page.getByRole('button', { name: 'ログインして設定する' }).waitFor();
      expect(await page.getByText(/毎月[0-9,]+円/).count()).toBe(0);
      await expectAccessible(page);
    });
    await app.withPage(
      async (page) => {
        await page.goto('/trading/monthlyDeposit');
        await heading(page, '毎月の入金');
        await page.getByRole('region', { name: '現在の設定' }).waitFor();
        await expectAccessible(page);
        await page.getByRole('textbox', { name: /毎月の入金額/ }).fill('40000');
        await page.getByRole('combobox', { name: /入金日/ }).selectOption('20');
        await page.getByRole('button', { name: /^(変更する|設定する)$/ }).click();
        await page.getByText('毎月20日に40,000円を入金する設定を保存しました。').waitFor();
        const { monthlyDeposit } = await api<MonthlyDeposit>(page, '/v1/monthlyDeposit');
        expect(monthlyDeposit).toMatchObject({ amount: '40000', day: 20, status: 'ACTIVE' });
        await expectAccessible(page);
      },
      { storageState: signedIn },
    );
  }, 60_000);
});
