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

type AxeNode = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

/**
 * axe's target-size counts a control passing under the sticky header or the fixed tab bar at the moment of
 * the check as a small target (its visible part) too close to the bar's links, though the customer scrolls
 * it clear (axe-core #3672, #4387): a finding whose only neighbours are in what stays over the page is the
 * scroll position, not the control. Every other target-size finding stands. Decision 012 "Focus and the
 * bars".
 */
async function onlyPassingUnderTheBars(page: Page, node: AxeNode): Promise<boolean> {
  const checks = [...node.any, ...node.all, ...node.none];
  if (checks.length === 0) return false;
  if (!checks.every((check) => check.id === 'target-size' || check.id === 'target-offset')) return false;
  const neighbours = checks.flatMap((check) =>
    (check.relatedNodes ?? []).map((related) => related.target.join(' ')),
  );
  return page.evaluate(
    (selectors) =>
      selectors.length > 0 &&
      selectors.every((selector) => {
        for (
          let element = document.querySelector(selector);
          element !== null;
          element = element.parentElement
        ) {
          const position = getComputedStyle(element).position;
          if (position === 'fixed' || position === 'sticky') return true;
        }
        return false;
      }),
    neighbours,
  );
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
  const summary: string[] = [];
  for (const violation of results.violations) {
    const nodes: string[] = [];
    for (const node of violation.nodes) {
      if (!(await onlyPassingUnderTheBars(page, node))) nodes.push(node.target.join(' '));
    }
    if (nodes.length > 0) summary.push(`${violation.id} (${violation.impact}): ${nodes.join(', ')}`);
  }
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
