import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, type StorageState } from './support/app-session.ts';
import {
  answersAsState,
  expectAccessible,
  mobileViewport,
  newMobileContext,
  watchPageProblems,
} from './support/browser.ts';
import { pageChunks } from './support/manifest.ts';
import { stayingRouteTitles } from './support/routes.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

// The pages behind the sign-in check need a session: 1000001 signs in once through the real pages.
let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(app.browser, app.server.baseUrl, '1000001');
});

/** Opens a path in a fresh phone-sized page and records the page chunks it downloads. */
async function openFresh(path: string): Promise<{ page: Page; chunks: string[]; problems: string[] }> {
  const context = await newMobileContext(app.browser, app.server.baseUrl, signedIn);
  const page = await context.newPage();
  const problems = watchPageProblems(page);
  const byFile = pageChunks();
  const chunks: string[] = [];
  page.on('response', (response) => {
    const file = new URL(response.url()).pathname.slice(1);
    const source = byFile.get(file);
    if (source !== undefined && response.ok()) chunks.push(source);
  });
  await page.goto(path);
  return { page, chunks, problems };
}

describe('every route of spec §2 at 390 px', () => {
  const chunkOfRoute = new Map<string, string>();

  it.each(stayingRouteTitles)('%s loads its own chunk and shows 「%s」, accessibly', async (path, title) => {
    const { page, chunks, problems } = await openFresh(path);
    try {
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
      expect(chunks, 'page chunks downloaded for this route').toHaveLength(1);
      chunkOfRoute.set(path, chunks[0] ?? '');
      // the document title follows the heading in an effect after the render: wait for it as for the h1
      await expect.poll(() => page.title()).toContain(title);
      // mobile-first: nothing wider than the phone's screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        mobileViewport.width,
      );
      await expectAccessible(page);
      expect(problems.filter((problem) => !answersAsState(problem))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('loads a different chunk for each route', () => {
    expect(chunkOfRoute.size).toBe(stayingRouteTitles.length);
    expect(new Set(chunkOfRoute.values()).size).toBe(stayingRouteTitles.length);
  });
});

describe('pages are kept out of search engines', () => {
  it('marks the page noindex, nofollow in its meta and in the response header', async () => {
    const { page } = await openFresh('/assets');
    try {
      await expect
        .poll(() => page.locator('meta[name="robots"]').getAttribute('content'))
        .toBe('noindex, nofollow');
      const response = await page.request.get('/assets');
      expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
    } finally {
      await page.context().close();
    }
  });
});

describe('not-found page', () => {
  it('shows Page Not Found for a fund code that fails the page validation, and goes to the top', async () => {
    const { page, problems } = await openFresh('/trading/buy/not-a-code!/input');
    try {
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('ページが見つかりません');
      await expectAccessible(page);
      await page
        .getByRole('link', { name: 'トップページへ' })
        .or(page.getByRole('button', { name: 'トップページへ' }))
        .click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('ホーム');
      expect(problems.filter((problem) => !problem.includes('404') && !answersAsState(problem))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page } = await openFresh('/no/such/page');
    try {
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('ページが見つかりません');
    } finally {
      await page.context().close();
    }
  });
});

describe('the app frame (header, bottom tab bar) at 320 px', () => {
  it('keeps the tab bar at the bottom with 44 px targets, marks the current tab and hides nothing', async () => {
    const { page, problems } = await openFresh('/assets/nisaBalance');
    try {
      await page.setViewportSize({ width: 320, height: 640 });
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('NISA口座の残高');
      expect(await page.getByRole('banner').getByRole('link').getAttribute('href')).toBe('/');
      const tabBar = page.getByRole('navigation', { name: '主なページ' });
      expect(await tabBar.getByRole('link', { name: '資産' }).getAttribute('aria-current')).toBe('true');
      const tabs = tabBar.locator('.tab-bar__tab');
      expect(await tabs.count()).toBe(5);
      for (const box of await tabs.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      )) {
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      // scrolled to the end, the footer ends above the tab bar: no content is hidden behind it
      // (polled: the lazy chart can still grow the page after the first scroll)
      await expect
        .poll(() =>
          page.evaluate(() => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            const footer = document.querySelector('footer')!.getBoundingClientRect();
            const bar = document.querySelector('nav[aria-label="主なページ"]')!.getBoundingClientRect();
            return { footerAboveBar: footer.bottom <= bar.top + 0.5, barBottom: bar.bottom };
          }),
        )
        .toEqual({ footerAboveBar: true, barBottom: 640 });
      await expectAccessible(page);
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('moves between pages with the tabs and opens the side menu with メニュー', async () => {
    const { page } = await openFresh('/');
    try {
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('ホーム');
      const tabBar = page.getByRole('navigation', { name: '主なページ' });
      await tabBar.getByRole('link', { name: '取引' }).click();
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('取引');
      expect(await tabBar.getByRole('link', { name: '取引' }).getAttribute('aria-current')).toBe('page');
      const menuButton = tabBar.getByRole('button', { name: 'メニュー' });
      await menuButton.click();
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
      const menu = page.getByRole('navigation', { name: 'メニュー', exact: true });
      await menu.getByRole('link', { name: '代理人の変更' }).click();
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('代理人の変更');
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await page.context().close();
    }
  });
});

describe('navigation inside the app', () => {
  /** The pages are short until their content lands, so the test makes the document tall enough to scroll. */
  async function makeScrollable(page: Page): Promise<void> {
    await page.evaluate(() => {
      document.body.style.paddingBottom = '4000px';
      const anchor = document.createElement('div');
      anchor.id = 'far-anchor';
      anchor.style.position = 'absolute';
      anchor.style.top = '3000px';
      anchor.textContent = 'anchor';
      document.body.append(anchor);
    });
  }

  it('scrolls to the top on a new page', async () => {
    const { page } = await openFresh('/');
    try {
      await page.locator('h1').first().waitFor();
      await makeScrollable(page);
      await page.evaluate(() => window.scrollTo(0, 1500));
      await page.getByRole('button', { name: 'メニュー' }).click();
      await page
        .getByRole('navigation', { name: 'メニュー', exact: true })
        .getByRole('link', { name: '取引', exact: true })
        .click();
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('取引');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      // focus moves to the new page's heading so screen readers announce it
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    } finally {
      await page.context().close();
    }
  });

  it('honours a hash anchor on a new page instead of scrolling to the top', async () => {
    const { page } = await openFresh('/');
    try {
      await page.locator('h1').first().waitFor();
      await makeScrollable(page);
      await page.evaluate(() => {
        window.history.pushState(window.history.state, '', '/assets#far-anchor');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      });
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('資産状況');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    } finally {
      await page.context().close();
    }
  });
});

describe('desktop width', () => {
  it('lays the page out centred without overflow at 1280 px', async () => {
    const context = await app.browser.newContext({
      baseURL: app.server.baseUrl,
      storageState: signedIn,
      viewport: { width: 1280, height: 800 },
      locale: 'ja-JP',
    });
    const page = await context.newPage();
    try {
      await page.goto('/trading');
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('取引');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
