// The temporary build (decision 024): a parent's 「お子さまの口座開設」 at /temporary/, served as its own
// build, signed in through the customer app's session (or its sign-in, which brings the parent back),
// creating the child's temporary user and handing it to the account-opening simulator.
import { describe, expect, it } from 'vitest';
import { signInThroughApp } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

describe('temporary build: a child account’s onboarding', () => {
  it('1000001 signs in from /temporary/, comes back to it, registers a child and hands it to the account-opening site', () =>
    app.withPage(async (page, problems) => {
      await signInThroughApp(page, '1000001', '/temporary/');
      await page.waitForURL((url) => url.pathname === '/temporary/' && url.search === '');
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('お子さまの口座開設');
      expect(await page.title()).toContain('お子さまの口座開設');
      await expectAccessible(page);

      await page.getByLabel(/お名前（名）/).fill('花子');
      await page.getByLabel(/フリガナ（名）/).fill('ハナコ');
      await page.getByLabel(/生年月日/).fill('2016-05-05');
      await page.getByRole('button', { name: '仮登録して口座開設へ進む' }).click();
      await page.getByText('お子さまの仮登録ができました。').waitFor();
      expect(await page.locator('dl').textContent()).toContain('青木 花子');
      await expectAccessible(page);
      const handOff = new URL(
        (await page.getByRole('link', { name: /口座開設サイトへ進む/ }).getAttribute('href')) ?? '',
      );
      expect(handOff.pathname).toBe('/partners/account-opening');
      expect(handOff.searchParams.get('temporaryUserId')).toMatch(/^[0-9a-f-]{36}$/);
      expect(problems).toEqual([]);
    }));
});
