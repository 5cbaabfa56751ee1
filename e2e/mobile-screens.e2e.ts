// Issue 14: the money screens at phone sizes, as a customer holds them (390×844, and a small 320×640 phone):
// the page's figures are there, nothing runs off the side, axe finds nothing, and each screenshot is kept in
// test-results/screens for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { repoRoot } from './support/server.ts';

const app = useRunningApp();
const shots = join(repoRoot, 'test-results', 'screens');

let signedIn: StorageState;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  signedIn = await signedInState(app.browser, app.server.baseUrl, '1000001');
});

const screens = [
  ['/', 'ホーム', '総資産'],
  ['/assets', '資産状況', '総資産'],
  ['/assets/nisaBalance', 'NISA口座の残高', 'つみたて投資枠'],
  ['/cashflows', '入出金', '入出金'],
] as const;

const phones = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

describe.each(phones)('the money screens of 1000001 at $width×$height', (phone) => {
  it.each(screens)('%s shows %s with its figures, fits the width, and passes axe', (path, title, figure) =>
    app.withPage(
      async (page, problems) => {
        await page.setViewportSize(phone);
        await page.goto(path);
        await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
        await page.getByText(figure).first().waitFor();
        // nothing wider than the phone: a figure or a table that overflows is cut off on a real screen
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
        await expectAccessible(page);
        const file = `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${phone.width}x${phone.height}.png`;
        const png = await page.screenshot({ path: join(shots, file), fullPage: true });
        expect(png.byteLength).toBeGreaterThan(10_000);
        expect(problems.filter((problem) => !problem.includes('/v1/cashflows/saisonConnect/point'))).toEqual(
          [],
        );
      },
      { storageState: signedIn },
    ),
  );
});
