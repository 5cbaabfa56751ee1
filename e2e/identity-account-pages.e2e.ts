import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newMobileContext, watchPageProblems } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { demoPassword, submitSignIn } from './support/sign-in.ts';

// passkeys need a host name: WebAuthn refuses an IP address as the relying party
const app = useRunningApp({ host: 'localhost' });
const accountNumber = '1000003';
const heading = 'お客さま情報・セキュリティ設定';

async function openAccountPagesWithPassword(page: Page): Promise<void> {
  await page.goto('/auth/v1/account');
  await expect.poll(() => page.locator('h1').textContent()).toBe('ログイン');
  await submitSignIn(page, accountNumber, demoPassword);
  await expect.poll(() => page.locator('h1').textContent()).toBe(heading);
}

describe('the identity service’s account pages (issue 3; security.md 18, 20)', () => {
  it('adds a passkey on the page, signs in with it, and ends the other session', async () => {
    const contexts: BrowserContext[] = [];
    try {
      // another device, signed in with the password: the session ended at the end
      const other = await newMobileContext(app.browser, app.server.baseUrl);
      contexts.push(other);
      await openAccountPagesWithPassword(await other.newPage());

      const context = await newMobileContext(app.browser, app.server.baseUrl);
      contexts.push(context);
      const page = await context.newPage();
      const problems = watchPageProblems(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await openAccountPagesWithPassword(page);
      await expectAccessible(page);
      await expect.poll(() => page.getByText('ログイン履歴').count()).toBeGreaterThan(0);

      await page.getByRole('link', { name: 'パスキーを追加する' }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe('パスキーの追加');
      await expectAccessible(page);
      await page.getByLabel('現在のパスワード').fill(demoPassword);
      await page.getByLabel('パスキーの名前（任意）').fill('テスト端末');
      await page.getByRole('button', { name: 'パスキーを登録する' }).click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe('パスキー「テスト端末」を登録しました。');
      await expect.poll(() => page.getByRole('link', { name: '「テスト端末」を削除する' }).count()).toBe(1);
      await expectAccessible(page);

      for (const [link, title] of [
        ['パスワードを変更する', 'パスワードの変更'],
        ['メールアドレスを変更する', 'メールアドレスの変更'],
        ['認証アプリを設定する', '認証アプリの設定'],
        ['メールによる確認コードを設定する', 'メールによる確認コードの設定'],
        ['「テスト端末」を削除する', 'パスキーの削除'],
      ] as const) {
        await page.getByRole('link', { name: link }).click();
        await expect.poll(() => page.locator('h1').textContent()).toBe(title);
        await expectAccessible(page);
        await page.getByRole('link', { name: `${heading}に戻る` }).click();
        await expect.poll(() => page.locator('h1').textContent()).toBe(heading);
      }

      await page.getByRole('button', { name: 'ログアウト', exact: true }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe('ログアウトしますか？');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'ログアウトする' }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe('ログアウトしました');

      await page.goto('/auth/v1/account');
      await expect.poll(() => page.locator('h1').textContent()).toBe('ログイン');
      await page.getByRole('button', { name: 'パスキーでログイン' }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe(heading);
      await expectAccessible(page);

      const ends = page.getByRole('button', { name: 'このセッションを終了する' });
      await expect.poll(() => ends.count()).toBe(1);
      await ends.click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('セッションを終了しました。');
      await expect.poll(() => ends.count()).toBe(0);
      await expectAccessible(page);
      expect(problems).toEqual([]);
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
