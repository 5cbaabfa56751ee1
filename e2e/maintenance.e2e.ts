import { describe, expect, it } from 'vitest';
import { expectAccessible, newMobileContext } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { authorizationRequest } from './support/oidc.ts';
import { demoPassword, submitSignIn, tokensAfterReturn } from './support/sign-in.ts';

const app = useRunningApp({ env: { MAINTENANCE_MODE: 'on' } });

describe('maintenance page (spec §2, §8)', () => {
  it('shows the maintenance page with the regular windows when the status answers 503-000', async () => {
    const context = await newMobileContext(app.browser, app.server.baseUrl);
    const page = await context.newPage();
    try {
      const status = await page.request.get('/maintenance/status');
      expect(status.status()).toBe(503);
      expect(await status.json()).toEqual({ code: '503-000', message: '現在メンテナンス中です' });

      await page.goto('/trading');
      await page.getByText('現在メンテナンス中です').first().waitFor();
      const text = await page.locator('body').innerText();
      expect(text).toContain('ただいまメンテナンス中です');
      expect(await page.getByRole('banner').innerText()).toContain('投資信託 オンラインサービス');
      expect(text).toMatch(/3:30\s*〜\s*6:30/);
      expect(text).toMatch(/3:30\s*〜\s*7:30/);
      await expectAccessible(page);

      // the reload action reloads the page: the maintenance page comes back from a fresh document
      await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('button', { name: '画面を再読み込みする' }).click(),
      ]);
      expect(
        await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
      ).toBeUndefined();
      await page.getByText('現在メンテナンス中です').first().waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('maintenance mid-session (issue 13 point 10)', () => {
  it('shows the maintenance page to a signed-in customer whose API calls answer 503-000', async () => {
    // a real token of the maintenance-mode server: its sign-in stays open, the app's scripts kept away
    let tokens: Record<string, unknown> = {};
    await app.withPage(
      async (page) => {
        const request = authorizationRequest(app.server.baseUrl);
        await page.goto(request.url);
        await submitSignIn(page, '1000001', demoPassword);
        tokens = (await tokensAfterReturn(page, app.server.baseUrl, request)).body;
      },
      { keepCallbacksFromApp: true },
    );
    const assets = await fetch(`${app.server.baseUrl}/v1/assets`, {
      headers: { authorization: `Bearer ${String(tokens['access_token'])}` },
    });
    expect(assets.status).toBe(503);
    expect(await assets.json()).toEqual({ code: '503-000', message: '現在メンテナンス中です' });

    const context = await newMobileContext(app.browser, app.server.baseUrl);
    try {
      const stored = JSON.stringify({
        access_token: tokens['access_token'],
        token_type: tokens['token_type'],
        expires_in: tokens['expires_in'],
        refresh_token: tokens['refresh_token'],
        scope: tokens['scope'],
      });
      await context.addInitScript((value) => localStorage.setItem('fund.auth.tokens', value), stored);
      const page = await context.newPage();
      const apiAnswers: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/v6/')) apiAnswers.push(response.status());
      });
      await page.goto('/');
      await page.getByText('現在メンテナンス中です').first().waitFor();
      // the session was valid, so no status check came first: the page came from the API's own answer
      expect(apiAnswers.length).toBeGreaterThan(0);
      expect(apiAnswers.every((status) => status === 503)).toBe(true);
      expect(page.url()).not.toContain('/oidc/');
    } finally {
      await context.close();
    }
  });
});
