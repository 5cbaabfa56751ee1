// Issue 16 point 6: the pages that skip the sign-in check (spec §2), signed out, in the built app on the
// real server: /new and its hand-off to the account-opening site and back, the password reset run in the
// app with the code from the development outbox, and the redirect landings, which never send the customer
// to a site their query names (spec §8). Screenshots at 390×844 in test-results/screens.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isIdentityPage } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { mailedCode } from './support/mailbox.ts';
import { repoRoot } from './support/server.ts';
import { demoPassword, submitSignIn } from './support/sign-in.ts';

const app = useRunningApp();
const shots = join(repoRoot, 'test-results', 'screens');

beforeAll(() => {
  mkdirSync(shots, { recursive: true });
});

async function expectHeading(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
}

async function expectFitsAndAccessible(page: Page, shot: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await expectAccessible(page);
  await page.screenshot({ path: join(shots, `${shot}-390x844.png`), fullPage: true });
}

/** Records every request to a host other than the app's, so a test can say none went there. */
function watchOtherHosts(page: Page, baseUrl: string): string[] {
  const seen: string[] = [];
  const ours = new URL(baseUrl).host;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.host !== ours) seen.push(url.href);
  });
  return seen;
}

/** A passphrase no list of common passwords holds, different on every run. */
function freshPassword(): string {
  return `Hoshizora-${randomBytes(6).toString('base64url')}-2026`;
}

/** From /resetPassword (already open) to the done page, with the code read from the outbox. */
async function resetPassword(
  page: Page,
  accountNumber: string,
  email: string,
  newPassword: string,
): Promise<void> {
  const login = page.getByLabel('口座番号またはメールアドレス');
  if ((await login.inputValue()) === '') await login.fill(accountNumber);
  await page.getByRole('button', { name: '確認コードを送信する' }).click();
  await page.getByLabel('確認コード').waitFor();
  const code = await mailedCode(app.server.baseUrl, email, 'パスワード再設定の確認コード');
  await page.getByLabel('確認コード').fill(code);
  await page.getByLabel('新しいパスワード', { exact: false }).first().fill(newPassword);
  await page.getByLabel('新しいパスワード（確認用）').fill(newPassword);
  await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
  await expectHeading(page, 'パスワードの再設定が完了しました');
  expect(new URL(page.url()).pathname).toBe('/resetPassword/done');
}

describe('the signed-out pages (spec §2: they skip the sign-in check)', () => {
  it.each([
    ['/new', '口座開設のお申し込み', 'new'],
    ['/resetPassword', 'パスワードの再設定', 'resetPassword'],
    ['/resetPassword/done', 'パスワードの再設定が完了しました', 'resetPassword-done'],
  ])('%s shows %s without a session, fits 390 px and passes axe', (path, title, shot) =>
    app.withPage(async (page, problems) => {
      await page.goto(path);
      await expectHeading(page, title);
      expect(new URL(page.url()).pathname).toBe(path);
      await expectFitsAndAccessible(page, shot);
      // no customer call was tried without a token
      expect(problems).toEqual([]);
    }),
  );

  it('/new hands a visitor to the account-opening site with the spec query, and back to sign in with the new 口座番号', () =>
    app.withPage(async (page, problems) => {
      await page.goto('/new?agencyBranchCode=123');
      await expectHeading(page, '口座開設のお申し込み');
      await page.getByRole('button', { name: '口座開設' }).click();
      await page.waitForURL((url) => url.pathname === '/partners/account-opening');
      const query = new URL(page.url()).searchParams;
      expect(query.get('temporaryUserId')).toMatch(/^[0-9a-f-]{36}$/);
      expect(query.get('redirectToSignUp')).toBe(`${app.server.baseUrl}/auth/v1/signup`);
      expect(query.get('redirectToUsernameSignin')).toBe(`${app.server.baseUrl}/redirect/openAccount`);
      expect(query.get('agencyBranchCode')).toBe('123');
      expect(query.has('username')).toBe(false);

      // the simulated site sends the customer back to /redirect/openAccount with the 口座番号
      await page.getByLabel('口座番号（7桁）').fill('1000007');
      await page.getByRole('button', { name: '口座番号でログインする' }).click();
      await page.waitForURL(isIdentityPage);
      await expectHeading(page, 'ログイン');
      await expect.poll(() => page.getByLabel('口座番号').inputValue()).toBe('1000007');
      await expectAccessible(page);
      expect(problems).toEqual([]);
    }));

  it('resets a password end to end from /resetPassword with the code from the outbox, then signs in with it', () =>
    app.withPage(async (page) => {
      const newPassword = freshPassword();
      await page.goto('/resetPassword');
      await expectHeading(page, 'パスワードの再設定');
      await page.getByLabel('口座番号またはメールアドレス').fill('1000009');
      await page.getByRole('button', { name: '確認コードを送信する' }).click();
      await page.getByLabel('確認コード').waitFor();
      await expectFitsAndAccessible(page, 'resetPassword-code');
      // 1000009 木村 大輔 (packages/db/src/seed/demo-customers.ts)
      await page.getByRole('button', { name: '口座番号・メールアドレスを入力し直す' }).click();
      await resetPassword(page, '1000009', 'daisuke.kimura@example.jp', newPassword);

      await page.getByRole('button', { name: 'ログインする' }).click();
      await page.waitForURL(isIdentityPage);
      await submitSignIn(page, '1000009', demoPassword);
      await page.getByText('口座番号またはパスワードが正しくありません。').first().waitFor();
      await submitSignIn(page, '1000009', newPassword);
      await page.waitForURL((url) => !isIdentityPage(url) && !url.searchParams.has('code'));
      await expectHeading(page, 'ホーム');
      expect(new URL(page.url()).pathname).toBe('/');
    }));

  it('refuses an outside returnTo at /redirect/resetPassword: after the reset the sign-in comes back to this app', () =>
    app.withPage(async (page) => {
      const elsewhere = watchOtherHosts(page, app.server.baseUrl);
      const newPassword = freshPassword();
      const query = new URLSearchParams({ username: '1000006', returnTo: 'https://evil.example/steal' });
      await page.goto(`/redirect/resetPassword?${query.toString()}`);
      await expectHeading(page, 'パスワードの再設定');
      expect(new URL(page.url()).pathname).toBe('/resetPassword');
      expect(await page.getByLabel('口座番号またはメールアドレス').inputValue()).toBe('1000006');
      // 1000006 上田 美咲, a closed account: after sign-in the app shows the closed-account screen at /
      await resetPassword(page, '1000006', 'misaki.ueda@example.jp', newPassword);
      await page.getByRole('button', { name: 'ログインする' }).click();
      await page.waitForURL(isIdentityPage);
      await submitSignIn(page, '1000006', newPassword);
      await page.waitForURL((url) => !isIdentityPage(url) && !url.searchParams.has('code'));
      expect(`${new URL(page.url()).origin}${new URL(page.url()).pathname}`).toBe(`${app.server.baseUrl}/`);
      await expectHeading(page, '口座は閉鎖されています');
      expect(elsewhere).toEqual([]);
    }));

  it('follows no URL in the query of /redirect/openAccount: it only leaves for our own sign-in', () =>
    app.withPage(async (page) => {
      const elsewhere = watchOtherHosts(page, app.server.baseUrl);
      const query = new URLSearchParams({
        username: 'https://evil.example/',
        redirectTo: 'https://evil.example/',
        returnTo: '//evil.example/',
      });
      await page.goto(`/redirect/openAccount?${query.toString()}`);
      await page.waitForURL(isIdentityPage);
      expect(new URL(page.url()).origin).toBe(app.server.baseUrl);
      await expectHeading(page, 'ログイン');
      expect(await page.getByLabel('口座番号').inputValue()).toBe('');
      expect(elsewhere).toEqual([]);
    }));
});
