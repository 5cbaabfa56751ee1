import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminAuthorizationRequest, exchangeAdminCode } from './support/admin-oidc.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { claimsOf } from './support/oidc.ts';

const app = useRunningApp();

/** The tests drive the OAuth flow themselves, so the web app must not take their callbacks. */
function withPage(test: (page: Page, problems: string[]) => Promise<void>): Promise<void> {
  return app.withPage(test, { keepCallbacksFromApp: true });
}

async function expectHeading(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.locator('h1').textContent()).toBe(title);
}

/** Fills and submits 「管理者ログイン」. */
async function signInAsOperator(page: Page, loginId: string, password: string): Promise<void> {
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

describe('operator sign-in through the operator pages (issue 3)', () => {
  it('signs operator01 in with the temporary password, makes them set a new one, and issues an operator token', () =>
    withPage(async (page, problems) => {
      const { baseUrl } = app.server;
      const request = adminAuthorizationRequest(baseUrl);
      await page.goto(request.url);
      await expectHeading(page, '管理者ログイン');
      expect(new URL(page.url()).pathname).toMatch(/^\/auth\/v1\/operator\/interaction\/[\w-]+$/);
      await expectAccessible(page);

      await signInAsOperator(page, 'operator01', 'Temp-Operator-2026');

      await expectHeading(page, '新しいパスワードの設定');
      await expectAccessible(page);
      const newPassword = `Kanri-${randomBytes(6).toString('base64url')}-2026`;
      await page.getByLabel('新しいパスワード').fill(newPassword);
      await page.getByRole('button', { name: '設定してログイン' }).click();

      await page.waitForURL((url) => url.searchParams.has('code'));
      const returned = new URL(page.url());
      expect(`${returned.origin}${returned.pathname}`).toBe(request.redirectUri);
      expect(returned.searchParams.get('state')).toBe(request.state);
      await expectAccessible(page);

      const tokens = await exchangeAdminCode(baseUrl, request, returned.searchParams.get('code') ?? '');
      expect(tokens.status).toBe(200);
      expect(tokens.body).toMatchObject({ token_type: 'Bearer' });
      expect(typeof tokens.body.refresh_token).toBe('string');
      expect(claimsOf(String(tokens.body.access_token))).toMatchObject({
        iss: `${baseUrl}/oidc-admin`,
        username: 'operator01',
        act_as: 'customer',
      });
      expect(problems).toEqual([]);

      // the temporary password is gone, and the new one signs in without the new-password step
      const again = adminAuthorizationRequest(baseUrl);
      await page.goto(again.url);
      await signInAsOperator(page, 'operator01', 'Temp-Operator-2026');
      await page.getByText('ログインIDまたはパスワードが正しくありません。').first().waitFor();
      await expectAccessible(page);
      await signInAsOperator(page, 'operator01', newPassword);
      await page.waitForURL((url) => url.searchParams.has('code'));
      const code = new URL(page.url()).searchParams.get('code') ?? '';
      expect((await exchangeAdminCode(baseUrl, again, code)).status).toBe(200);
    }));
});
