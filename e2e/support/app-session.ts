// Signing in to the web app the way a customer does: the SPA redirects to the identity service's sign-in
// page, the customer types the 口座番号 and password, and the SPA exchanges the code on return.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newMobileContext } from './browser.ts';
import { demoPassword, submitSignIn } from './sign-in.ts';

/** What the browser keeps of a signed-in session (local storage with the token set). */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Whether the page is one of the identity service's (provider endpoints or its sign-in pages). */
export function isIdentityPage(url: URL): boolean {
  return url.pathname.startsWith('/oidc/') || url.pathname.startsWith('/auth/v1/interaction/');
}

/** Opens `path` signed out and signs in on the page the app redirects to; returns on the app again. */
export async function signInThroughApp(
  page: Page,
  accountNumber: string,
  path = '/',
  password = demoPassword,
): Promise<void> {
  await page.goto(path);
  await page.waitForURL(isIdentityPage);
  await submitSignIn(page, accountNumber, password);
  // back on the app, with the code exchanged and the query stripped
  await page.waitForURL((url) => !isIdentityPage(url) && !url.searchParams.has('code'));
}

/** The access token the app stored, read from its local storage (for assertions on its claims). */
export async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? '';
      const value = localStorage.getItem(key) ?? '';
      if (key.endsWith('access_token')) return value;
      if (value.includes('"access_token"')) {
        const parsed = JSON.parse(value) as { access_token?: string };
        if (typeof parsed.access_token === 'string') return parsed.access_token;
      }
    }
    return null;
  });
}

/**
 * Signs `accountNumber` in once through the real pages and returns the stored state, so a test file can
 * open many pages without signing in for each (access tokens live 10 minutes, longer than a file runs).
 */
export async function signedInState(
  browser: Browser,
  baseUrl: string,
  accountNumber: string,
): Promise<StorageState> {
  const context = await newMobileContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await signInThroughApp(page, accountNumber);
    await page.locator('h1').first().waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The access token a signed-in state keeps in local storage (`fund.auth.tokens`), for API calls of a test. */
export function accessTokenOf(state: StorageState): string {
  const stored = state.origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name === 'fund.auth.tokens');
  if (stored === undefined) throw new Error('no tokens in the signed-in state');
  return String((JSON.parse(stored.value) as { access_token: string }).access_token);
}
