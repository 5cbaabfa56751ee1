// Debian's Chromium driven by playwright-core: `npx playwright install` cannot download browsers here.
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectFocusNeverHidden } from './focus-obscured.ts';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    // the machine's network is closed: background services would only fail to connect
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The phone the screens are designed for (web-screens.md: 390×844). */
export const mobileViewport = { width: 390, height: 844 };

/** A phone-sized Japanese context: the product is mobile-first and in Japanese, business time is JST. */
export async function newMobileContext(
  browser: Browser,
  baseURL: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    ...(storageState === undefined ? {} : { storageState }),
    viewport: mobileViewport,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    isMobile: true,
    hasTouch: true,
  });
}

/**
 * Fails the test with the list of violations when axe finds any on the current screen (WCAG 2.2 AA), once
 * the screen rests: during the page transition (spec §2, about 0.4 s) the page fades in, and axe would
 * measure the contrast of text on its way to full colour. Then tabs through the screen: no focused
 * control may be hidden behind the header or the tab bar (2.4.11, which axe does not check).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-page-transition]')].every(
      (element) => element.getAttribute('data-page-transition') === 'idle',
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
  await expectFocusNeverHidden(page);
}

/**
 * Calls whose refusal is a state the page shows in place, not a fault (spec §8 pass-through list): the
 * card and 口座振替 account (400-100 / 400-666), the point balance (1000001's card must be registered
 * again: 400-101) and the 代理人 (an adult account has none: 400-666).
 */
const stateCalls = [
  '/v1/cashflows/creditCard',
  '/v1/cashflows/accountTransfer/account',
  '/v1/cashflows/saisonConnect/point',
  '/v6/agent',
];
export function answersAsState(problem: string): boolean {
  return stateCalls.some((path) => problem.includes(path));
}

/** Collects page errors and CSP violations so a test can assert that none happened. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`HTTP ${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource" names its address only in the location: keep it, so a test can tell an
    // expected refusal (a state the screen shows) from a fault
    const { url } = message.location();
    problems.push(`console.error: ${message.text()}${url === '' ? '' : ` (${new URL(url).pathname})`}`);
  });
  return problems;
}
