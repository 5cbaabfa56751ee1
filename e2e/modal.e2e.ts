import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(app.browser, app.server.baseUrl, '1000001');
});

const dialog = (page: Page) => page.getByRole('dialog');
const modalParam = (page: Page) => new URL(page.url()).searchParams.get('modal');
/** The address drops `?modal=` through the router's navigation, a moment after the dialog has gone. */
const modalParamDropped = (page: Page) => expect.poll(() => modalParam(page)).toBeNull();

const withPage = (test: (page: Page) => Promise<void>) => app.withPage(test, { storageState: signedIn });

describe('modal host (spec §2)', () => {
  it('opens the help modal from ?modal=help and closes it with Escape', () =>
    withPage(async (page) => {
      await page.goto('/?modal=help');
      await dialog(page).waitFor();
      expect(await dialog(page).getAttribute('aria-modal')).toBe('true');
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      await expectAccessible(page);

      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      await modalParamDropped(page);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('ホーム');
    }));

  it('closes with the browser back button', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.locator('h1').first().waitFor();
      // a same-document navigation to ?modal=help, as an in-app link to the modal makes
      await page.evaluate(() => {
        window.history.pushState(window.history.state, '', '/?modal=help');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      });
      await dialog(page).waitFor();
      expect(modalParam(page)).toBe('help');

      await page.goBack();
      await dialog(page).waitFor({ state: 'detached' });
      await modalParamDropped(page);
      expect(new URL(page.url()).pathname).toBe('/');
    }));

  it('closes the half-height modal with its 閉じる button and on a backdrop tap', () =>
    withPage(async (page) => {
      await page.goto('/?modal=help');
      await dialog(page).getByRole('button', { name: '閉じる' }).click();
      await dialog(page).waitFor({ state: 'detached' });

      await page.goto('/?modal=help');
      await dialog(page).waitFor();
      await page.getByTestId('modal-backdrop').click({ position: { x: 10, y: 10 } });
      await dialog(page).waitFor({ state: 'detached' });
      await modalParamDropped(page);
    }));
});
