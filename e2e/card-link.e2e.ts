// Issue 16: the card link through the card issuer simulator, with the real sign-in, server and built app.
// 1000001's card must be registered again (400-101); its card 積立 earned points in the demo history. It
// links the card again with the issuer's MFA, sees the balance on home, and uses 200 points in a spot buy.
// A tampered state and a failed MFA land on the error pages. axe on each of the app's screens.
import type { OrdersResponse } from '@fund/contracts';
import { groupDigits } from '@fund/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, storedAccessToken, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(app.browser, app.server.baseUrl, '1000001');
}, 120_000);

/** A GET of the product API with the page's own token; answers status and body. */
async function api<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  const token = await storedAccessToken(page);
  return page.evaluate(
    async ([url, bearer]) => {
      const response = await fetch(url!, { headers: { authorization: `Bearer ${bearer}` } });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    [path, token],
  ) as Promise<{ status: number; body: T }>;
}

const pointPath = '/v1/cashflows/saisonConnect/point';

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

/** From /saisonConnect to the issuer's authorize screen. */
async function startLink(page: Page): Promise<void> {
  await page.goto('/saisonConnect');
  await heading(page, 'セゾンカードとの連携');
  await page.getByRole('button', { name: 'カード会社のページへ進む' }).click();
  await heading(page, 'カード連携の確認');
}

/** The point call answers card states (400-10x) the screens show: not faults of the page. */
const unexpected = (problems: string[]) =>
  problems.filter((problem) => !problem.includes('/v1/cashflows/saisonConnect/point'));

describe('card link (spec §2 /saisonConnect, decision 018)', () => {
  it(
    '1000001 re-registers its card through the issuer with MFA, sees its points on home and uses 200 in a buy',
    () =>
      app.withPage(
        async (page, problems) => {
          await page.goto('/');
          await heading(page, 'ホーム');
          const reRegister = page.getByRole('link', { name: 'カードを再登録する' });
          await reRegister.waitFor({ timeout: 15_000 });
          expect((await api(page, pointPath)).body).toMatchObject({ code: '400-101' });

          await reRegister.click();
          await heading(page, 'セゾンカードとの連携');
          await expectAccessible(page);
          await page.getByRole('button', { name: 'カード会社のページへ進む' }).click();
          await heading(page, 'カード連携の確認');
          const authorize = new URL(page.url());
          expect(authorize.pathname).toBe('/partners/card-issuer/authorize');
          expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.server.baseUrl}/saisonConnect`);
          await page.getByRole('button', { name: '連携を許可する（ポイント対象カード）' }).click();

          await heading(page, '本人認証（多要素認証）');
          expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(
            `${app.server.baseUrl}/saisonConnect/mfa`,
          );
          await page.getByRole('button', { name: '認証する', exact: true }).click();
          await page.getByRole('heading', { name: 'カードを登録しました' }).waitFor({ timeout: 15_000 });
          await expectAccessible(page);

          const point = await api<{ point: { balance: string } }>(page, pointPath);
          expect(point.status).toBe(200);
          const balance = BigInt(point.body.point.balance);
          expect(balance).toBeGreaterThanOrEqual(200n);
          await page.getByRole('link', { name: 'ホームへ' }).click();
          await heading(page, 'ホーム');
          await expect
            .poll(() => page.getByTestId('point-balance').textContent(), { timeout: 15_000 })
            .toBe(`${groupDigits(balance.toString())}ポイント`);

          await page.goto('/trading/buy/DEMOF003/input');
          const confirmProspectus = page.getByRole('button', { name: '交付目論見書の内容を確認しました' });
          await page.getByRole('textbox', { name: /購入金額/ }).waitFor({ timeout: 15_000 });
          if (await confirmProspectus.isVisible()) await confirmProspectus.click();
          await page.getByRole('textbox', { name: /購入金額/ }).fill('50000');
          await page.getByRole('radio', { name: /^特定口座/ }).check();
          await page.getByRole('radio', { name: '使う' }).check();
          await page.getByRole('textbox', { name: /ご利用ポイント/ }).fill('200');
          expect(await page.getByTestId('points-value').textContent()).toContain('900円');
          await expectAccessible(page);
          await page.getByRole('button', { name: '確認画面へ進む' }).click();
          await page.getByRole('button', { name: '注文する' }).click();
          await page.getByText('ご利用ポイント').first().waitFor({ timeout: 15_000 });

          const ordered = await api<OrdersResponse>(page, '/v1/orders?status=ORDERED');
          expect(ordered.body.orders.some((order) => order.pointsUsed === '200')).toBe(true);
          const after = await api<{ point: { balance: string } }>(page, pointPath);
          expect(BigInt(after.body.point.balance)).toBe(balance - 200n);
          expect(unexpected(problems)).toEqual([]);
        },
        { storageState: signedIn },
      ),
    120_000,
  );

  it(
    'a tampered state never links: the error page, axe',
    () =>
      app.withPage(
        async (page, problems) => {
          await startLink(page);
          await page.goto('/saisonConnect?code=forged-code&state=tampered');
          await heading(page, '連携できませんでした');
          expect(new URL(page.url()).pathname).toBe('/saisonConnect/error');
          expect(await page.getByRole('alert').textContent()).toContain('戻り先を確認できなかった');
          await expectAccessible(page);
          expect(problems.filter((problem) => problem.includes('authorizationToken'))).toEqual([]);
        },
        { storageState: signedIn },
      ),
    60_000,
  );

  it(
    'a failed MFA registers nothing: the MFA error page, axe',
    () =>
      app.withPage(
        async (page) => {
          await page.goto('/saisonConnect');
          await heading(page, 'セゾンカードとの連携');
          const before = await api<{ creditCard: { last4: string } }>(page, '/v1/cashflows/creditCard');
          await page.getByRole('button', { name: 'カード会社のページへ進む' }).click();
          await heading(page, 'カード連携の確認');
          await page.getByRole('button', { name: '連携を許可する（ポイント対象カード）' }).click();
          await heading(page, '本人認証（多要素認証）');
          await page.getByRole('button', { name: '認証に失敗する' }).click();
          await heading(page, '本人認証できませんでした');
          expect(new URL(page.url()).pathname).toBe('/saisonConnect/mfaError');
          await expectAccessible(page);
          const after = await api<{ creditCard: { last4: string } }>(page, '/v1/cashflows/creditCard');
          expect(after.body).toEqual(before.body);
        },
        { storageState: signedIn },
      ),
    60_000,
  );
});
