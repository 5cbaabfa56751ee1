import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { mailedCode } from './support/mailbox.ts';
import { authorizationRequest, claimsOf } from './support/oidc.ts';
import { demoPassword, submitSignIn, tokensAfterReturn } from './support/sign-in.ts';

const app = useRunningApp();

/** The tests drive the OAuth flow themselves, so the web app must not take their callbacks. */
function withPage(test: (page: Page, problems: string[]) => Promise<void>): Promise<void> {
  return app.withPage(test, { keepCallbacksFromApp: true });
}

async function expectHeading(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.locator('h1').textContent()).toBe(title);
}

/** A passphrase no list of common passwords holds, different on every run. */
function freshPassword(): string {
  return `Hoshizora-${randomBytes(6).toString('base64url')}-2026`;
}

describe('sign-up and password reset through the identity pages (issue 3)', () => {
  it('signs up from the sign-in page with the code read from the outbox, then signs in with the new 口座番号', () =>
    withPage(async (page, problems) => {
      const { baseUrl } = app.server;
      const email = `signup-${randomBytes(6).toString('hex')}@example.jp`;
      const password = freshPassword();
      const request = authorizationRequest(baseUrl);
      await page.goto(request.url);
      await expectHeading(page, 'ログイン');
      await expectAccessible(page);

      await page.getByRole('link', { name: '新規登録' }).click();
      await expectHeading(page, '新規登録');
      await expectAccessible(page);
      await page.getByLabel('姓', { exact: true }).fill('山田');
      await page.getByLabel('名', { exact: true }).fill('花子');
      await page.getByLabel('姓（カナ）').fill('ヤマダ');
      await page.getByLabel('名（カナ）').fill('ハナコ');
      await page.getByLabel('生年月日').fill('1988-05-20');
      await page.getByLabel('メールアドレス').fill(email);
      await page.getByLabel('パスワード').fill(password);
      await page.getByRole('button', { name: '確認コードを送信する' }).click();

      await expectHeading(page, '確認コードの入力');
      expect(new URL(page.url()).pathname).toBe('/auth/v1/signup/confirm');
      await expectAccessible(page);
      const code = await mailedCode(baseUrl, email, 'メールアドレス確認コード');
      await page.getByLabel('確認コード').fill(code);
      await page.getByRole('button', { name: '登録する' }).click();

      await expectHeading(page, '登録が完了しました');
      await expectAccessible(page);
      const accountNumber = (await page.locator('#account-number').textContent())?.trim() ?? '';
      expect(accountNumber).toMatch(/^\d{7}$/);

      // back to the interrupted sign-in, as the done page offers
      await page.getByRole('link', { name: 'ログイン画面へ' }).click();
      await expectHeading(page, 'ログイン');
      await expectAccessible(page);
      await submitSignIn(page, accountNumber, password);
      const { accessToken } = await tokensAfterReturn(page, baseUrl, request);
      expect(claimsOf(accessToken)).toMatchObject({ username: accountNumber });
      expect(problems).toEqual([]);
    }));

  it('resets a password with the code read from the outbox; the new password signs in, the old one is refused', () =>
    withPage(async (page) => {
      const { baseUrl } = app.server;
      const accountNumber = '1000006';
      const newPassword = freshPassword();
      const request = authorizationRequest(baseUrl);
      await page.goto(request.url);
      await expectHeading(page, 'ログイン');

      await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
      await expectHeading(page, 'パスワードの再設定');
      await expectAccessible(page);
      await page.getByLabel('口座番号またはメールアドレス').fill(accountNumber);
      await page.getByRole('button', { name: '確認コードを送信する' }).click();

      await expectHeading(page, '新しいパスワードの設定');
      expect(new URL(page.url()).pathname).toBe('/auth/v1/password/reset/confirm');
      await expectAccessible(page);
      // 1000006 上田 美咲 (packages/db/src/seed/demo-customers.ts)
      const code = await mailedCode(baseUrl, 'misaki.ueda@example.jp', 'パスワード再設定の確認コード');
      await page.getByLabel('確認コード').fill(code);
      await page.getByLabel('新しいパスワード').fill(newPassword);
      await page.getByRole('button', { name: 'パスワードを再設定する' }).click();

      await expectHeading(page, 'パスワードを再設定しました');
      await expectAccessible(page);

      await page.getByRole('link', { name: 'ログイン画面へ' }).click();
      await expectHeading(page, 'ログイン');
      await submitSignIn(page, accountNumber, demoPassword);
      await page.getByText('口座番号またはパスワードが正しくありません。').first().waitFor();
      expect(new URL(page.url()).searchParams.has('code')).toBe(false);
      await expectAccessible(page);

      await submitSignIn(page, accountNumber, newPassword);
      const { accessToken } = await tokensAfterReturn(page, baseUrl, request);
      expect(claimsOf(accessToken)).toMatchObject({ username: accountNumber });
    }));
});
