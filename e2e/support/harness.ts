import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newMobileContext, watchPageProblems } from './browser.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';

export interface PageOptions {
  /** Start signed in (see app-session.ts `signedInState`). */
  readonly storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  /**
   * For tests that drive the OAuth flow themselves with their own state and verifier: the web app's
   * scripts are replaced by empty ones, so the app does not take the code of the return (`/?code=…`,
   * `/admin/?code=…`) for its own sign-in, and the test reads it from the address bar.
   */
  readonly keepCallbacksFromApp?: boolean;
}

export interface RunningApp {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** Runs `test` in a fresh phone-sized page with its page problems collected, then closes the context. */
  withPage(test: (page: Page, problems: string[]) => Promise<void>, options?: PageOptions): Promise<void>;
}

/** Where the web builds' scripts live (contracts `webAssetsDirectory`, in each build variant's folder). */
const webAppScripts = /^(?:\/admin|\/temporary)?\/static\/.+\.js$/;

/** One real server (with the given options) and one Chromium for the test file. */
export function useRunningApp(options: ServerOptions = {}): RunningApp {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The server and browser start in beforeAll');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    async withPage(test, options = {}) {
      const { baseUrl } = started(server);
      const context = await newMobileContext(started(browser), baseUrl, options.storageState);
      try {
        if (options.keepCallbacksFromApp === true) {
          await context.route(
            (url) => url.origin === new URL(baseUrl).origin && webAppScripts.test(url.pathname),
            (route) => route.fulfill({ contentType: 'text/javascript', body: '' }),
          );
        }
        const page = await context.newPage();
        await test(page, watchPageProblems(page));
      } finally {
        await context.close();
      }
    },
  };
}
