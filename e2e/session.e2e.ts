// The customer session of spec §4 through the real identity pages, the real server and the built app.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isIdentityPage, signInThroughApp, storedAccessToken } from './support/app-session.ts';
import { answersAsState, expectAccessible, newMobileContext, watchPageProblems } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { claimsOf } from './support/oidc.ts';

const app = useRunningApp();

const withPage = (test: (page: Page) => Promise<void>) => app.withPage(test);

const heading = (page: Page) => page.locator('h1').first();
const isTokenRequest = (request: Request) => new URL(request.url()).pathname === '/oidc/token';

/** The grant types the page sent to the token endpoint, in order. */
function watchTokenRequests(page: Page): string[] {
  const grants: string[] = [];
  page.context().on('request', (request) => {
    if (isTokenRequest(request))
      grants.push(new URLSearchParams(request.postData() ?? '').get('grant_type') ?? '');
  });
  return grants;
}

describe('sign-in round trip (spec §4 session 1–2, §5)', () => {
  it('signed out, the app sends the customer to sign in and lands on home with the query stripped', () =>
    withPage(async (page) => {
      const problems = watchPageProblems(page);
      const grants = watchTokenRequests(page);
      const authorizations: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/oidc/auth') authorizations.push(url);
      });
      await signInThroughApp(page, '1000001', '/');
      await expect.poll(() => heading(page).textContent()).toBe('ホーム');
      const url = new URL(page.url());
      expect(url.pathname).toBe('/');
      expect([...url.searchParams.keys()]).toEqual([]);
      expect(grants).toEqual(['authorization_code']);
      const query = authorizations[0]?.searchParams;
      expect(query?.get('prompt')).toBe('login');
      expect(query?.get('sign_in_mode')).toBe('accountNumber');
      expect(query?.get('code_challenge_method')).toBe('S256');
      expect(query?.get('scope')).toBe('openid offline user.write');
      const token = await storedAccessToken(page);
      expect(claimsOf(token ?? '')['username']).toBe('1000001');
      await expectAccessible(page);
      // home shows 1000001's point call (the card must be registered again: 400-101) as a state
      expect(problems.filter((problem) => !answersAsState(problem))).toEqual([]);
    }));

  it('returns to the page the customer asked for', () =>
    withPage(async (page) => {
      await signInThroughApp(page, '1000001', '/assets?tab=nisa');
      await expect.poll(() => heading(page).textContent()).toBe('資産状況');
      const url = new URL(page.url());
      expect(url.pathname).toBe('/assets');
      expect(url.searchParams.get('tab')).toBe('nisa');
    }));

  it('security 11: a tampered state sends no token request', () =>
    withPage(async (page) => {
      // start a sign-in so that a state is stored, then come back with another state
      await page.goto('/');
      await page.waitForURL(isIdentityPage);
      const grants = watchTokenRequests(page);
      await page.goto('/?code=forged-code&state=forged-state');
      await page.waitForURL((url) => isIdentityPage(url) || url.searchParams.size === 0);
      await page.waitForTimeout(500);
      expect(grants).toEqual([]);
    }));
});

describe('token life (spec §4 session 3, §5, security 33)', () => {
  it('a token expired by the pinned clock is refreshed without leaving the page', () =>
    withPage(async (page) => {
      await signInThroughApp(page, '1000001', '/');
      await expect.poll(() => heading(page).textContent()).toBe('ホーム');
      const before = claimsOf((await storedAccessToken(page)) ?? '');
      // the token is expired at its exp (spec §5); the refreshed one expires later than that instant
      await page.waitForTimeout(1_100);
      await page.clock.install({ time: Number(before['exp']) * 1000 });
      const grants = watchTokenRequests(page);
      const left: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && isIdentityPage(new URL(frame.url()))) left.push(frame.url());
      });
      await page.goto('/assets');
      await expect.poll(() => heading(page).textContent()).toBe('資産状況');
      expect(grants).toEqual(['refresh_token']);
      expect(left).toEqual([]);
      const after = claimsOf((await storedAccessToken(page)) ?? '');
      expect(Number(after['exp'])).toBeGreaterThan(Number(before['exp']));
    }));

  it('two tabs refreshing together stay signed in with one refresh', async () => {
    const context = await newMobileContext(app.browser, app.server.baseUrl);
    try {
      const first = await context.newPage();
      await signInThroughApp(first, '1000001', '/');
      await expect.poll(() => heading(first).textContent()).toBe('ホーム');
      const exp = Number(claimsOf((await storedAccessToken(first)) ?? '')['exp']);
      await first.waitForTimeout(1_100);
      const second = await context.newPage();
      await Promise.all([
        first.clock.install({ time: exp * 1000 }),
        second.clock.install({ time: exp * 1000 }),
      ]);
      const grants = watchTokenRequests(first);
      await Promise.all([first.goto('/trading'), second.goto('/cashflows')]);
      await expect.poll(() => heading(first).textContent()).toBe('取引');
      await expect.poll(() => heading(second).textContent()).toBe('入出金');
      expect(grants).toEqual(['refresh_token']);
    } finally {
      await context.close();
    }
  });
});
