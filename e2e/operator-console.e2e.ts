// The operator console (admin build, issue 17 points 1 and 2, decision 024) through the real /oidc-admin
// sign-in, server and builds: operator02 finds 1000001, views its screens read-only with the customer in
// the user-id header of every call, and sees those calls in its audit trail; operator01 (branch 002)
// cannot open a branch-001 customer; the customer build holds none of the console's code.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { mailedCode } from './support/mailbox.ts';
import { useRunningApp } from './support/harness.ts';
import { repoRoot } from './support/server.ts';

const app = useRunningApp();
const dist = join(repoRoot, 'apps/web/dist');

/** Calls of the customer's services (product API, account manager, balance service). */
const customerDataCall = /^\/(?:v1|v6|balance)\//;
const consoleCall = /^\/v1\/operator\//;

/** Every customer-data call the page makes, with its act-as header. */
function recordCustomerCalls(page: Page): { path: string; userId: string | undefined }[] {
  const calls: { path: string; userId: string | undefined }[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!customerDataCall.test(pathname) || consoleCall.test(pathname)) return;
    calls.push({ path: `${request.method()} ${pathname}`, userId: request.headers()['user-id'] });
  });
  return calls;
}

async function expectHeading(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
}

/** The console's first visit: the provider's 「管理者ログイン」, then back to the console. */
async function signInToConsole(page: Page, loginId: string, password: string, newPassword?: string) {
  await page.goto(`${app.server.baseUrl}/admin/`);
  await expectHeading(page, '管理者ログイン');
  expect(new URL(page.url()).pathname).toMatch(/^\/auth\/v1\/operator\/interaction\//);
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  if (newPassword !== undefined) {
    await expectHeading(page, '新しいパスワードの設定');
    await page.getByLabel('新しいパスワード').fill(newPassword);
    await page.getByRole('button', { name: '設定してログイン' }).click();
  }
  await expectHeading(page, 'お客さま検索');
  expect(new URL(page.url()).search).toBe('');
}

describe('the build variants (decision 024)', () => {
  it('the customer build holds no console or temporary-build code; each variant holds its own', () => {
    /** The built scripts of a variant's folder, with their text. */
    const scripts = (dir: string) =>
      readdirSync(join(dir, 'static'))
        .filter((file) => file.endsWith('.js'))
        .map((file) => readFileSync(join(dir, 'static', file), 'utf8'));
    const holding = (dir: string, words: string) =>
      scripts(dir).filter((text) => text.includes(words)).length;
    // words only the console's and the temporary build's own screens say
    const consoleWords = 'オペレーターコンソール';
    const temporaryWords = '仮登録して口座開設へ進む';
    expect(holding(dist, consoleWords)).toBe(0);
    expect(holding(dist, temporaryWords)).toBe(0);
    expect(holding(join(dist, 'admin'), consoleWords)).toBeGreaterThan(0);
    expect(holding(join(dist, 'admin'), temporaryWords)).toBe(0);
    expect(holding(join(dist, 'temporary'), temporaryWords)).toBeGreaterThan(0);
    expect(holding(join(dist, 'temporary'), consoleWords)).toBe(0);
  });
});

describe('operator console', () => {
  it(
    'operator02 signs in, finds 1000001, views its screens read-only with user-id on every call, and sees the calls in its trail',
    { timeout: 90_000 },
    () =>
      app.withPage(async (page, problems) => {
        const calls = recordCustomerCalls(page);
        await signInToConsole(page, 'operator02', 'Operator-Pass-2026');
        await expect.poll(() => page.getByText('ログイン中：operator02').count()).toBe(1);
        await expectAccessible(page);

        await page.getByLabel('口座番号').fill('1000001');
        await page.getByRole('button', { name: '検索する' }).click();
        await page.getByText('1件見つかりました。').waitFor();
        await expectAccessible(page);
        await page.getByRole('link', { name: '青木 健太 さまの画面を開く' }).click();

        await page.waitForURL((url) => url.pathname === '/admin/customers/1000001/');
        await expectHeading(page, 'ホーム');
        const banner = page.getByRole('region', { name: '代理閲覧中のお客さま' });
        await expect.poll(() => banner.textContent()).toContain('青木 健太 さま（口座番号 1000001');
        await expectAccessible(page);

        await page
          .getByRole('navigation', { name: 'お客さまの画面' })
          .getByRole('link', { name: '資産状況' })
          .click();
        await expectHeading(page, '資産状況');
        await page.locator('.assets-holding').first().waitFor();
        // the ways to buy and sell are there, disabled
        const sell = page.getByRole('button', { name: /売却/ }).first();
        await expect.poll(() => sell.isDisabled()).toBe(true);
        expect(await page.getByRole('link', { name: /売却/ }).count()).toBe(0);
        await expectAccessible(page);

        await page
          .getByRole('navigation', { name: 'お客さまの画面' })
          .getByRole('link', { name: '入出金・取引履歴' })
          .click();
        await expectHeading(page, '入出金');
        await page.getByRole('tab', { name: '取引履歴' }).click();
        await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('trades');
        await page.getByRole('tab', { name: '注文' }).click();
        // 1000001's pending order: its 取消 is shown disabled
        const cancel = page.getByRole('button', { name: '取消' }).first();
        await cancel.waitFor();
        expect(await cancel.isDisabled()).toBe(true);
        await expectAccessible(page);

        const tab = (name: string) =>
          page
            .getByRole('navigation', { name: 'お客さまの画面' })
            .getByRole('link', { name, exact: true })
            .click();
        await tab('取引');
        await expectHeading(page, '取引');
        // the plans are listed, each a disabled row (no link to change them)
        const planRow = page.getByRole('list', { name: '積立の一覧' }).getByRole('button').first();
        await expect.poll(() => planRow.isDisabled()).toBe(true);
        await expectAccessible(page);
        await tab('お知らせ');
        await expectHeading(page, 'お知らせ');
        await expectAccessible(page);
        await tab('マイページ');
        await expectHeading(page, 'マイページ');
        // the customer's sign-out is not offered: it would end the operator's console session
        expect(
          await page
            .locator('.acting-page')
            .getByRole('button', { name: /ログアウト/ })
            .count(),
        ).toBe(0);
        await expectAccessible(page);

        expect(calls.length).toBeGreaterThan(5);
        expect(calls.filter((call) => call.userId !== '1000001')).toEqual([]);
        // read-only: nothing but reads left the customer's screens
        expect(calls.filter((call) => !call.path.startsWith('GET '))).toEqual([]);
        expect(calls.map((call) => call.path)).toEqual(
          expect.arrayContaining(['GET /v1/assets', 'GET /v1/trades', 'GET /v1/orders']),
        );

        await page.getByRole('link', { name: '操作履歴' }).click();
        await expectHeading(page, '操作履歴');
        const rows = page.locator('.console-table tbody tr');
        await rows.first().waitFor();
        const text = await page.locator('.console-table').textContent();
        expect(text).toContain('代理閲覧');
        expect(text).toContain('1000001 青木 健太');
        expect(text).toContain('GET /v1/assets');
        expect(text).toContain('お客さまを開く');
        expect(text).toContain('お客さま検索');
        await expectAccessible(page);

        await page.getByRole('button', { name: 'ログアウト' }).click();
        await expectHeading(page, 'ログアウトしました');
        expect(await page.evaluate(() => localStorage.getItem('fund.admin.tokens'))).toBeNull();
        await expectAccessible(page);
        // 1000001's card must be registered again: the point call's 400-101 is a state home shows
        expect(problems.filter((problem) => !problem.includes('/v1/cashflows/saisonConnect/point'))).toEqual(
          [],
        );
      }),
  );

  it('operator01 (branch 002) sets its new password, finds no 1000001 and cannot open it; no customer call is made', () =>
    app.withPage(async (page, problems) => {
      const calls = recordCustomerCalls(page);
      await signInToConsole(
        page,
        'operator01',
        'Temp-Operator-2026',
        `Kanri-${randomBytes(6).toString('base64url')}-2026`,
      );
      await page.getByLabel('口座番号').fill('1000001');
      await page.getByRole('button', { name: '検索する' }).click();
      await page.getByText('該当するお客さまはいません').waitFor();

      await page.goto(`${app.server.baseUrl}/admin/customers/1000001/assets`);
      await expectHeading(page, 'お客さまの画面を開けません');
      await page.getByText('このお客さまの代理操作は許可されていません。').waitFor();
      expect(await page.getByRole('region', { name: '代理閲覧中のお客さま' }).count()).toBe(0);
      await expectAccessible(page);
      expect(calls).toEqual([]);
      // the refusal is the only failed call
      expect(problems.every((problem) => problem.includes('/v1/operator/customers/1000001'))).toBe(true);
    }));

  // last: it changes operator02's password
  it('operator02 resets a forgotten password from the console’s sign-in and comes back to the console', () =>
    app.withPage(async (page, problems) => {
      const { baseUrl } = app.server;
      await page.goto(`${baseUrl}/admin/`);
      await expectHeading(page, '管理者ログイン');
      await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
      await expectHeading(page, 'パスワードの再設定');
      await page.getByLabel('ログインID').fill('operator02');
      await page.getByRole('button', { name: '確認コードを送信' }).click();
      await page.getByLabel('確認コード').waitFor();
      const code = await mailedCode(baseUrl, 'operator02@example.jp', 'パスワード再設定の確認コード');
      const newPassword = `Kanri-${randomBytes(6).toString('base64url')}-2026`;
      await page.getByLabel('確認コード').fill(code);
      await page.getByLabel('新しいパスワード').fill(newPassword);
      await page.getByRole('button', { name: 'パスワードを再設定' }).click();
      await page.getByText('パスワードを再設定しました。').first().waitFor();
      await expectAccessible(page);
      await page.getByLabel('パスワード', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'ログイン', exact: true }).click();
      await expectHeading(page, 'お客さま検索');
      expect(new URL(page.url()).pathname).toBe('/admin/');
      expect(problems).toEqual([]);
    }));
});
