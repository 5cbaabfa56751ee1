// The Chromium `bench:lighthouse` audits with, and the signed-in session in its profile. Chromium is
// launched the way the Lighthouse CLI launches it (chrome-launcher: never downloads a browser) with the
// flags of performance.md; playwright-core attaches to the same browser only to sign in through the real
// pages (e2e/support) and is detached again before Lighthouse measures, so it never touches a measured load.
import { existsSync } from 'node:fs';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { signInThroughApp, storedAccessToken } from '../../e2e/support/app-session.ts';
import { envText } from './env.ts';

export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchChromium(): Promise<LaunchedChrome> {
  const chromePath = envText('CHROME_PATH') ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    throw new Error(
      `Chromium not found at ${chromePath}: install it with 'apt-get install -y chromium' or set CHROME_PATH.`,
    );
  }
  return launch({ chromePath, chromeFlags, logLevel: 'error', handleSIGINT: true });
}

/** Re-sign in when less than this is left of the access token, so no measured load has to refresh it. */
const minimumTokenLifeMs = 3 * 60_000;

function expiresAtMs(accessToken: string): number {
  const payload = accessToken.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
  if (typeof claims.exp !== 'number') throw new Error('the stored access token has no exp claim');
  return claims.exp * 1000;
}

/**
 * The customer's session in the browser's profile (local storage of the app's origin, which every tab of
 * the default profile shares, Lighthouse's included). `ensure` signs in through the real sign-in pages
 * when there is no session yet or its access token would expire during the next runs.
 */
export class BrowserSession {
  private readonly debuggingPort: number;
  private readonly baseUrl: string;
  private readonly accountNumber: string;
  private expiresAt = 0;
  signIns = 0;

  constructor(debuggingPort: number, baseUrl: string, accountNumber: string) {
    this.debuggingPort = debuggingPort;
    this.baseUrl = baseUrl;
    this.accountNumber = accountNumber;
  }

  async ensure(): Promise<void> {
    if (this.expiresAt - Date.now() >= minimumTokenLifeMs) return;
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${this.debuggingPort}`);
    try {
      const context = browser.contexts()[0];
      if (context === undefined) throw new Error('Chromium has no default profile to sign in with');
      const page = await context.newPage();
      // a new sign-in, not the old session: no identity-service cookie, no stored tokens
      await context.clearCookies();
      await page.goto(`${this.baseUrl}/healthz`);
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await signInThroughApp(page, this.accountNumber, `${this.baseUrl}/`);
      await page.locator('h1').first().waitFor();
      const token = await storedAccessToken(page);
      if (token === null) throw new Error(`signing ${this.accountNumber} in stored no access token`);
      this.expiresAt = expiresAtMs(token);
      this.signIns += 1;
      // no tab of the app stays open between runs (its timers would run beside the measured loads)
      await page.close();
    } finally {
      // connected over CDP, close() only disconnects playwright; Chromium and its profile stay
      await browser.close();
    }
  }
}
