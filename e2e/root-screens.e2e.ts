// Every demo customer reaches the right first screen through the real sign-in (spec §2 root shell, §4).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isIdentityPage, signInThroughApp, storedAccessToken } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

const withPage = (test: (page: Page) => Promise<void>) => app.withPage(test);

const heading = (page: Page) => page.locator('h1').first();

/** The screens in place of the page (locked, closed, confirmation) carry the logo and the service name. */
async function expectServiceMark(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  expect(await banner.innerText()).toContain('投資信託 オンラインサービス');
  expect(await banner.locator('svg').getAttribute('aria-hidden')).toBe('true');
}

describe('first screen of each demo customer', () => {
  it('1000005 (locked) sees the locked-account screen with the support block', () =>
    withPage(async (page) => {
      await signInThroughApp(page, '1000005');
      await expect.poll(() => heading(page).textContent()).toBe('アカウントロックされています');
      const text = await page.locator('body').innerText();
      expect(text).toContain('お客さまの口座はアカウントロックされています。以下にお問い合わせください。');
      expect(text).toMatch(/9:00\s*〜\s*17:00/);
      await expectServiceMark(page);
      await expectAccessible(page);
    }));

  it('1000006 (closed) sees the closed-account screen, whose button opens the delivered documents', () =>
    withPage(async (page) => {
      await signInThroughApp(page, '1000006');
      await expect.poll(() => heading(page).textContent()).toBe('口座は閉鎖されています');
      expect(await page.locator('body').innerText()).toContain(
        'お客さまの口座は閉鎖されています。電子交付書面は以下よりご覧ください。',
      );
      await expectServiceMark(page);
      await expectAccessible(page);
      const [documents] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('button', { name: '電子交付書面を確認する' }).click(),
      ]);
      await documents.waitForLoadState();
      expect(new URL(documents.url()).pathname).toBe('/partners/trade-reports');
      await expect.poll(() => documents.locator('body').innerText()).toContain('取引報告書');
      // opened without a way back into the app's window
      expect(await documents.evaluate(() => window.opener)).toBeNull();
      await expectAccessible(documents);
    }));

  it('1000007 (no account yet) goes straight to the account-opening site with the spec query', () =>
    withPage(async (page) => {
      await signInThroughApp(page, '1000007');
      await page.waitForURL((url) => url.pathname === '/partners/account-opening');
      const query = new URL(page.url()).searchParams;
      expect(query.get('username')).toBe('1000007');
      expect(query.get('hashed_user_id')).toMatch(/^[0-9a-f]{64}$/);
      await expectAccessible(page);
    }));

  it('1000008 (re-confirmation due) confirms, is sent to the account-update site and comes back to home', () =>
    withPage(async (page) => {
      await signInThroughApp(page, '1000008');
      await expect.poll(() => heading(page).textContent()).toBe('ご利用前にご確認ください');
      await expectServiceMark(page);
      await expectAccessible(page);
      await page.getByRole('button', { name: '該当しないことを確認しました' }).click();
      await page.waitForURL((url) => url.pathname === '/partners/account-update');
      const query = new URL(page.url()).searchParams;
      expect(query.get('lastConfirmed')).toBe('true');
      expect(query.get('hashed_user_id')).toMatch(/^[0-9a-f]{64}$/);
      expect(query.get('callbackUrl')).toMatch(/^\//);
      await expectAccessible(page);

      // the account-update site records the confirmation and sends the customer back: no screen this time
      await page.getByRole('button', { name: '確認を記録する' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/partners/'));
      await expect.poll(() => heading(page).textContent()).toBe('ホーム');
      await page.waitForTimeout(500);
      expect(await page.getByText('ご利用前にご確認ください').count()).toBe(0);
    }));

  it('1000009 (re-confirmation overdue, update request pending) sees home without the confirmation', () =>
    withPage(async (page) => {
      await signInThroughApp(page, '1000009');
      await expect.poll(() => heading(page).textContent()).toBe('ホーム');
      await page.waitForTimeout(500);
      expect(await page.getByText('ご利用前にご確認ください').count()).toBe(0);
    }));

  it('1000001 sees home with the unread notice badge on the tab bar and in the menu', () =>
    withPage(async (page) => {
      await signInThroughApp(page, '1000001');
      await expect.poll(() => heading(page).textContent()).toBe('ホーム');
      const tabBar = page.getByRole('navigation', { name: '主なページ' });
      await expect.poll(() => tabBar.getByRole('link', { name: /^お知らせ ?未読\d+件$/ }).count()).toBe(1);
      await page.getByRole('button', { name: 'メニュー' }).click();
      await expect
        .poll(() => page.getByRole('navigation', { name: 'メニュー', exact: true }).innerText())
        .toMatch(/未読\d+件/);
    }));
});

describe('sign-out (spec §4 session 6, security 32)', () => {
  it('clears local and session storage and reloads to the sign-in page', () =>
    withPage(async (page) => {
      await signInThroughApp(page, '1000001');
      await expect.poll(() => heading(page).textContent()).toBe('ホーム');
      expect(await storedAccessToken(page)).not.toBeNull();
      // something of our own in each storage shows that sign-out clears everything, not only its own keys
      await page.evaluate(() => {
        localStorage.setItem('left-behind', 'x');
        sessionStorage.setItem('left-behind', 'x');
      });
      await page.getByRole('button', { name: 'メニュー' }).click();
      await page.getByRole('button', { name: 'ログアウト' }).click();
      // the reload finds no token and starts a new sign-in
      await page.waitForURL(isIdentityPage);
      await page.goto('/dev/mailbox');
      expect(await storedAccessToken(page)).toBeNull();
      expect(
        await page.evaluate(() => [
          localStorage.getItem('left-behind'),
          sessionStorage.getItem('left-behind'),
        ]),
      ).toEqual([null, null]);
    }));
});
