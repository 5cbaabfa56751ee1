import { describe, expect, it } from 'vitest';
import { expectAccessible, newMobileContext } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

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
      expect(text).toContain('No service now');
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
