// The app inside the native wrapper (spec §7, issue 17 point 4, decision 026). A fake wrapper plays the
// native side: an init script stores the isNative and isNewNative markers, provides
// window.ReactNativeWebView, records every posted message (in session storage, so the record outlives the
// reloads of the sign-in) and answers the version request the way React Native's WebView does, with a
// message event carrying the request's one-time key.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isIdentityPage,
  signedInState,
  signInThroughApp,
  storedAccessToken,
  type StorageState,
} from './support/app-session.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

const recordKey = 'fake-native-wrapper-messages';

interface WrapperOptions {
  /** The app version the wrapper answers with; null: a wrapper that never answers. */
  readonly version: string | null;
}

/** Runs in the page before the app's scripts, on every load. */
function fakeWrapper({ version, recordKey: key }: WrapperOptions & { recordKey: string }) {
  localStorage.setItem('isNative', 'true');
  localStorage.setItem('isNewNative', 'true');
  const bridge = {
    postMessage(text: string) {
      const record = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      record.push(text);
      sessionStorage.setItem(key, JSON.stringify(record));
      const message = JSON.parse(text) as { type?: string; key?: string };
      if (message.type === 'getNativeAppVersion' && version !== null) {
        // the wrapper answers later, from outside the app's call stack, as injected JavaScript does
        setTimeout(() => window.postMessage(JSON.stringify({ key: message.key, version }), '*'), 100);
      }
    },
  };
  Object.defineProperty(window, 'ReactNativeWebView', { value: bridge, configurable: true });
}

async function installFakeWrapper(page: Page, options: WrapperOptions): Promise<void> {
  await page.addInitScript(fakeWrapper, { ...options, recordKey });
}

type PostedMessage = Record<string, unknown> & { type: string };

async function postedMessages(page: Page): Promise<PostedMessage[]> {
  const texts = await page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[],
    recordKey,
  );
  return texts.map((text) => JSON.parse(text) as PostedMessage);
}

async function messagesOfType(page: Page, type: string): Promise<PostedMessage[]> {
  return (await postedMessages(page)).filter((message) => message.type === type);
}

const updateHeading = (page: Page) =>
  page.getByRole('heading', { name: 'アプリを更新してください', exact: true });

/** Calls of home and my page that may answer 4xx as a state the page shows (spec §8 pass-through). */
const expectedRefusals = [
  '/v1/cashflows/saisonConnect/point',
  '/v1/cashflows/creditCard',
  '/v1/cashflows/accountTransfer/account',
  '/v1/lastLogIn',
];

function unexpected(problems: readonly string[]): string[] {
  return problems.filter((problem) => !expectedRefusals.some((path) => problem.includes(path)));
}

let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(app.browser, app.server.baseUrl, '1000001');
}, 120_000);

describe('native version check (spec §4: 1.1.1 required, parts compared as numbers)', () => {
  it('asks the wrapper with a 32-character one-time key; 1.0.9 answers and the update modal comes after 5 s', () =>
    app.withPage(
      async (page, problems) => {
        await installFakeWrapper(page, { version: '1.0.9' });
        await page.goto('/');
        await page.locator('h1').first().waitFor();
        await expect
          .poll(() => messagesOfType(page, 'getNativeAppVersion'))
          .toEqual([{ type: 'getNativeAppVersion', key: expect.stringMatching(/^[A-Za-z0-9]{32}$/) }]);
        await updateHeading(page).waitFor({ timeout: 15_000 });
        expect(unexpected(problems)).toEqual([]);
      },
      { storageState: signedIn },
    ));

  it('shows no update modal to 1.10.0, newer than 1.1.1 (the literal any-part rule asked it to update: patch 0 < 1)', () =>
    app.withPage(
      async (page, problems) => {
        await installFakeWrapper(page, { version: '1.10.0' });
        await page.goto('/');
        await page.locator('h1').first().waitFor();
        await expect.poll(() => messagesOfType(page, 'getNativeAppVersion')).toHaveLength(1);
        // past the 5 s delay, with a margin for a busy machine
        await page.waitForTimeout(7_000);
        expect(await updateHeading(page).count()).toBe(0);
        expect(unexpected(problems)).toEqual([]);
      },
      { storageState: signedIn },
    ));
});

describe('messages to the wrapper (spec §7)', () => {
  it('hands the access token to the wrapper right after sign-in (sendPushToken)', () =>
    app.withPage(async (page, problems) => {
      await installFakeWrapper(page, { version: '1.1.1' });
      await signInThroughApp(page, '1000001', '/mypage');
      await page.getByRole('heading', { level: 1, name: 'マイページ' }).waitFor();
      const token = await storedAccessToken(page);
      expect(token).toEqual(expect.any(String));
      expect(await messagesOfType(page, 'sendPushToken')).toEqual([
        { type: 'sendPushToken', accessToken: token },
      ]);
      expect(unexpected(problems)).toEqual([]);
    }));

  it('writes the support mail through the wrapper (launchMail), not a mailto link', () =>
    app.withPage(
      async (page, problems) => {
        await installFakeWrapper(page, { version: '1.1.1' });
        await page.goto('/mypage');
        const support = page.getByRole('region', { name: 'お問い合わせ', exact: true });
        const mailLink = support.getByRole('link', { name: /@/ });
        const address = (await mailLink.textContent()) ?? '';
        const before = page.url();
        await mailLink.click();
        await expect
          .poll(() => messagesOfType(page, 'launchMail'))
          .toEqual([
            {
              type: 'launchMail',
              toMailAddress: address,
              // spec §9: window name, date and time, and the inquiry ID (the user name, 1000001)
              title: expect.stringMatching(/^セゾン投信お客さま窓口.*\d{4}.*1000001$/),
              body: expect.stringContaining('1000001'),
            },
          ]);
        expect(page.url()).toBe(before);
        expect(unexpected(problems)).toEqual([]);
      },
      { storageState: signedIn },
    ));

  it('opens an external link in the device’s browser (openExternalBrowser), with no new window', () =>
    app.withPage(
      async (page, problems) => {
        await installFakeWrapper(page, { version: '1.1.1' });
        await page.goto('/mypage');
        const link = page.getByRole('link', { name: /パスワードを変更する/ });
        const href = await link.getAttribute('href');
        expect(href).toMatch(/^http/);
        await link.click();
        await expect
          .poll(() => messagesOfType(page, 'openExternalBrowser'))
          .toEqual([{ type: 'openExternalBrowser', url: href }]);
        expect(page.context().pages()).toHaveLength(1);
        expect(isIdentityPage(new URL(page.url()))).toBe(false);
        expect(unexpected(problems)).toEqual([]);
      },
      { storageState: signedIn },
    ));
});
