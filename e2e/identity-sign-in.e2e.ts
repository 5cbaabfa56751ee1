import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { authorizationRequest, claimsOf, exchangeCode } from './support/oidc.ts';
import { demoPassword, submitSignIn } from './support/sign-in.ts';

const app = useRunningApp({ env: { SIGN_IN_LOCK_THRESHOLD: '3' } });

/** The tests drive the OAuth flow themselves, so the web app must not take their callbacks. */
function withPage(test: (page: Page, problems: string[]) => Promise<void>): Promise<void> {
  return app.withPage(test, { keepCallbacksFromApp: true });
}

describe('sign-in through the identity service pages (issue 3)', () => {
  it('signs a demo customer in with 口座番号 and password and returns a code the SPA can exchange', () =>
    withPage(async (page, problems) => {
      const request = authorizationRequest(app.server.baseUrl);
      await page.goto(request.url);
      await expect.poll(() => page.locator('h1').textContent()).toBe('ログイン');
      await expectAccessible(page);

      await submitSignIn(page, '1000001', demoPassword);
      await page.waitForURL((url) => url.searchParams.has('code'));
      const returned = new URL(page.url());
      expect(returned.pathname).toBe('/');
      expect(returned.searchParams.get('state')).toBe(request.state);

      const tokens = await exchangeCode(app.server.baseUrl, request, returned.searchParams.get('code') ?? '');
      expect(tokens.status).toBe(200);
      expect(tokens.body).toMatchObject({ token_type: 'Bearer' });
      expect(typeof tokens.body.refresh_token).toBe('string');
      expect(claimsOf(String(tokens.body.access_token))).toMatchObject({ username: '1000001' });
      expect(problems).toEqual([]);
    }));

  it('shows the same Japanese error for a wrong password and an unknown account', () =>
    withPage(async (page) => {
      await page.goto(authorizationRequest(app.server.baseUrl).url);
      await submitSignIn(page, '1000002', 'not-the-password');
      await page.getByText('口座番号またはパスワードが正しくありません。').first().waitFor();
      await expectAccessible(page);
    }));

  it('locks the account after repeated wrong passwords, refuses the right one, and mails the customer', () =>
    withPage(async (page) => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await page.goto(authorizationRequest(app.server.baseUrl).url);
        await submitSignIn(page, '1000003', 'wrong-password');
        await page.locator('.error-summary').waitFor();
      }
      await page.goto(authorizationRequest(app.server.baseUrl).url);
      await submitSignIn(page, '1000003', demoPassword);
      await page.locator('.error-summary').waitFor();
      expect(new URL(page.url()).searchParams.has('code')).toBe(false);
      expect(await page.locator('.error-summary').innerText()).not.toContain('正しくありません');

      await page.goto('/dev/mailbox');
      await page.getByText('アカウントをロックしました').first().waitFor();
    }));
});
