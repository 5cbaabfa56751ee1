// The first screen's early calls (decision 030) in the built app behind the real server: the screen's
// document names the small script before the app's entry, its calls go out once, and the app takes their
// answers instead of asking again (a second request of the same URL would mean the hand-over failed).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, type StorageState } from './support/app-session.ts';
import { answersAsState } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();
let state: StorageState;

beforeAll(async () => {
  state = await signedInState(app.browser, app.server.baseUrl, '1000001');
}, 120_000);

/** The API GETs of a cold load of `path` until the screen and the later-screen calls have settled. */
async function apiCallsOf(page: Page, path: string, heading: string): Promise<string[]> {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'fetch') calls.push(`${url.pathname}${url.search}`);
  });
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
  return calls;
}

const asked = (calls: readonly string[], call: string) => calls.filter((made) => made === call).length;

describe('the first screen’s calls are asked before the app has loaded, once', () => {
  it('ホーム: the document names the early script first; each call of the screen goes out once', () =>
    app.withPage(
      async (page, problems) => {
        const document = await (await page.request.get('/')).text();
        const early = document.indexOf('first-screen-calls-');
        expect(early).toBeGreaterThan(0);
        expect(early).toBeLessThan(document.indexOf('/static/index-'));

        const calls = await apiCallsOf(page, '/', 'ホーム');
        for (const call of [
          '/v6/accountStatus',
          '/v6/unmaskedUsers',
          '/v1/assets',
          '/v1/orders?status=ORDERED&page=1',
          '/v1/recurringPurchases',
          '/v1/informations?category=important&page=1&pageSize=3',
        ])
          expect(asked(calls, call), call).toBe(1);
        // the later screens' calls wait for the first screen, and still come
        expect(asked(calls, '/v1/lastLogIn')).toBe(1);
        await page.getByText('総資産').first().waitFor();
        // 1000001's card asks to be registered again: the point call's 400-101 is a state home shows
        expect(problems.filter((problem) => !answersAsState(problem))).toEqual([]);
      },
      { storageState: state },
    ));

  it('取引: the funds and the customer’s plans once each, and the list shows', () =>
    app.withPage(
      async (page, problems) => {
        const calls = await apiCallsOf(page, '/trading', '取引');
        for (const call of ['/v1/funds', '/v1/recurringPurchases', '/v1/scheduledSells', '/v1/assets'])
          expect(asked(calls, call), call).toBe(1);
        expect(problems).toEqual([]);
      },
      { storageState: state },
    ));
});
