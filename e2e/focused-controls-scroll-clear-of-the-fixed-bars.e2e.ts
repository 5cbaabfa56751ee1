// WCAG 2.2 2.4.11 (issue 25): a control reached with Tab scrolls clear of the sticky header and the fixed
// tab bar (layouts.css, scroll padding). Every screen's expectAccessible walks its controls; this test shows
// that the walk sees a control hidden under a bar: with the scroll padding taken away, the long 取引 screen
// hides controls under the tab bar, and with it, none.
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, type StorageState } from './support/app-session.ts';
import { expectFocusNeverHidden } from './support/focus-obscured.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

let state: StorageState;
beforeAll(async () => {
  state = await signedInState(app.browser, app.server.baseUrl, '1000001');
}, 120_000);

describe('focused controls scroll clear of the fixed bars (WCAG 2.4.11)', () => {
  it('keeps every control reached with Tab on 取引 in sight', async () => {
    await app.withPage(
      async (page) => {
        await page.goto('/trading');
        await page.getByRole('heading', { level: 1, name: '取引' }).waitFor();
        // the walk goes through the screen's controls, not one or two
        expect(await expectFocusNeverHidden(page)).toBeGreaterThan(10);
      },
      { storageState: state },
    );
  });

  it('finds the controls hidden under the tab bar when the scroll padding is taken away', async () => {
    await app.withPage(
      async (page) => {
        await page.goto('/trading');
        await page.getByRole('heading', { level: 1, name: '取引' }).waitFor();
        // through the CSSOM: the page's CSP refuses a style element
        await page.evaluate(() =>
          document.documentElement.style.setProperty('scroll-padding', '0px', 'important'),
        );
        await expect(expectFocusNeverHidden(page)).rejects.toThrow(/hidden behind a bar/);
      },
      { storageState: state },
    );
  });
});
