// お知らせ (spec §2 /notifications, §5 rich text, §7) through the real sign-in, the real server and the
// built app; security.md 30: a notice body full of attack vectors renders only the allow-list, runs no
// script and breaks no Content Security Policy / Trusted Types rule.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(app.browser, app.server.baseUrl, '1000001');
});

const withPage = (test: (page: Page, problems: string[]) => Promise<void>) =>
  app.withPage(test, { storageState: signedIn });

// seeded notices of the main demo customer (packages/db/src/seed/demo-informations.ts)
const maintenance = {
  id: '20000000-0000-4000-8000-000000000001',
  title: 'システムメンテナンスのお知らせ（12月6日）',
};
const prospectusId = '20000000-0000-4000-8000-000000000003';

/** Spec §5: the tags and (per tag) the attributes and classes a rendered notice may contain. */
const allowedTags = new Set([
  ...['p', 'div', 'br', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'hr'],
  ...['table', 'caption', 'thead', 'tbody', 'tr', 'th', 'td'],
  ...['a', 'strong', 'b', 'em', 'i', 'u', 'span', 'small', 'sup', 'sub', 'img'],
]);
const allowedClasses: Record<string, string[]> = {
  div: ['fs-s', 'text-right', 'mgt-1'],
  span: ['text-alert'],
};
const allowedAttributes: Record<string, string[]> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  div: ['class'],
  span: ['class'],
};

/** Every element under the rendered body: tag, attributes (name=value). */
async function renderedBody(page: Page) {
  return page.locator('.rich-text').evaluate((root) =>
    Array.from(root.querySelectorAll('*'), (element) => ({
      tag: element.localName,
      attributes: Object.fromEntries(
        Array.from(element.attributes, (attribute) => [attribute.name, attribute.value]),
      ),
    })),
  );
}

function expectOnlyAllowList(elements: Awaited<ReturnType<typeof renderedBody>>): void {
  for (const { tag, attributes } of elements) {
    expect(allowedTags, `<${tag}>`).toContain(tag);
    for (const [name, value] of Object.entries(attributes)) {
      expect(allowedAttributes[tag] ?? [], `${name} on <${tag}>`).toContain(name);
      if (name === 'class') {
        for (const className of value.split(/\s+/))
          expect(allowedClasses[tag], `class ${className}`).toContain(className);
      }
      if (name === 'href') expect(value).toMatch(/^(https?:|mailto:)/);
      if (name === 'src') expect(value).not.toMatch(/^\s*(data|javascript|blob):/i);
    }
  }
}

/** The unread count the side menu's badge shows (spec §3 unread information count). */
async function menuBadge(page: Page): Promise<number> {
  const text = (await page.locator('#side-menu .badge').textContent({ timeout: 10_000 })) ?? '';
  const match = /未読(\d+)件/.exec(text);
  if (match === null) throw new Error(`no unread badge: ${text}`);
  return Number(match[1]);
}

describe('notices (spec §2 /notifications)', () => {
  it('lists the demo notices in two tabs, opens an unread one, marks it read and lowers the badge', () =>
    withPage(async (page, problems) => {
      await page.goto('/notifications');
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('お知らせ');
      const importantTab = page.getByRole('tab', { name: '重要なお知らせ' });
      expect(await importantTab.getAttribute('aria-selected')).toBe('true');
      const list = page.getByRole('tabpanel');
      await list.getByRole('link', { name: new RegExp(maintenance.title) }).waitFor();
      const titles = await list.getByRole('listitem').allTextContents();
      expect(titles.some((title) => title.includes('積立購入代金の引落しができませんでした'))).toBe(true);
      expect(titles.some((title) => title.includes('年末年始の営業日とお取引について'))).toBe(true);
      // another customer's notice is not among them
      expect(titles.some((title) => title.includes('お客さま情報のご確認のお願い'))).toBe(false);
      // published in JST, newest first; the unread ones marked
      expect(titles[0]).toContain('2026年11月18日');
      const maintenanceItem = list.getByRole('listitem').filter({ hasText: maintenance.title });
      expect(await maintenanceItem.textContent()).toContain('未読');
      expect(await maintenanceItem.textContent()).toContain('2026年11月16日');
      await expectAccessible(page);

      // the other tab, by keyboard
      await importantTab.focus();
      await page.keyboard.press('ArrowRight');
      const othersTab = page.getByRole('tab', { name: 'その他のお知らせ' });
      await expect.poll(() => othersTab.getAttribute('aria-selected')).toBe('true');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('その他のお知らせ');
      await list.getByRole('link', { name: /「はじめての積立」キャンペーンのご案内/ }).waitFor();
      await expectAccessible(page);
      await page.keyboard.press('ArrowLeft');
      await list.getByRole('link', { name: new RegExp(maintenance.title) }).waitFor();

      const before = await menuBadge(page);
      const read = page.waitForResponse(
        (response) =>
          response.request().method() === 'PUT' &&
          new URL(response.url()).pathname === `/v1/informations/${maintenance.id}/read`,
      );
      await list.getByRole('link', { name: new RegExp(maintenance.title) }).click();
      const heading = page.getByRole('heading', { level: 2, name: maintenance.title });
      await heading.waitFor();
      expect((await read).status()).toBe(200);
      await expect.poll(() => menuBadge(page)).toBe(before - 1);
      // the heading of the opened notice has the focus
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe(maintenance.title);

      // the seeded formatting survives the sanitiser
      const body = page.locator('.rich-text');
      expect(await body.locator('div.fs-s.text-right').count()).toBe(1);
      expect(await body.locator('div.mgt-1').count()).toBe(1);
      expect(await body.locator('span.text-alert').count()).toBe(1);
      expect(await body.locator('ul > li').count()).toBe(3);
      const link = body.getByRole('link', { name: 'メンテナンス情報' });
      expect(await link.getAttribute('href')).toBe('https://www.example.jp/news/maintenance');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      const image = body.locator('img');
      expect(await image.getAttribute('src')).toBe('/favicon.svg');
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth > 0))
        .toBe(true);
      expectOnlyAllowList(await renderedBody(page));
      await expectAccessible(page);

      // back to the list: the notice is read now, and its link has the focus again
      await page.getByRole('button', { name: 'お知らせ一覧へ戻る' }).click();
      const item = list.getByRole('listitem').filter({ hasText: maintenance.title });
      await item.waitFor();
      await expect.poll(() => item.textContent()).not.toContain('未読');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-notice-id')))
        .toBe(maintenance.id);

      // opening it again changes nothing on the badge
      await page.reload();
      await expect.poll(() => menuBadge(page)).toBe(before - 1);
      expect(problems).toEqual([]);
    }));
});

describe('security 30: a notice body full of attack vectors', () => {
  const attack = [
    '<p>攻撃テスト</p>',
    '<img src=x onerror="window.__xss=\'img\'">',
    '<a href="javascript:window.__xss=\'link\'">危険なリンク</a>',
    '<a href="jav&#x09;ascript:alert(1)">符号化したリンク</a>',
    '<svg onload="window.__xss=\'svg\'"><circle r="1"></circle></svg>',
    '<div style="background:url(javascript:window.__xss=\'style\')" class="evil fs-s">クラス</div>',
    '<span class="text-alert evil" style="position:fixed;inset:0" onmouseover="window.__xss=\'span\'">注意</span>',
    '<p class="fs-s">段落</p>',
    '<style>body{display:none}</style>',
    '<script>window.__xss="script"</script>',
    '<iframe srcdoc="<script>parent.__xss=\'iframe\'</script>"></iframe>',
    '<img src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 onload=%22alert(1)%22/%3E">',
    '<form action="/evil"><input name="password"><button>送信</button></form>',
    '<details open ontoggle="window.__xss=\'details\'">詳細</details>',
    '<a href="https://www.example.jp/ok">安全なリンク</a>',
    // last: its unclosed <style> takes in everything after it
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'">',
  ].join('');

  it('renders only the allowed tags and classes, runs no script and violates no CSP/Trusted Types rule', () =>
    withPage(async (page, problems) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.addInitScript(() => {
        const violations: string[] = [];
        Object.assign(window, { __violations: violations });
        document.addEventListener('securitypolicyviolation', (event) =>
          violations.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      // the real answer of the notice, with its body replaced by the attack
      await page.route(
        (url) => url.pathname === `/v1/informations/${prospectusId}`,
        async (route) => {
          if (route.request().method() !== 'GET') return route.continue();
          const response = await route.fetch();
          const answer = (await response.json()) as { information: { body: string } };
          answer.information.body = attack;
          return route.fulfill({ response, json: answer });
        },
      );

      await page.goto(`/notifications?category=important&id=${prospectusId}`);
      await page
        .getByRole('heading', { level: 2, name: '投資信託説明書（交付目論見書）改訂のお知らせ' })
        .waitFor();
      const body = page.locator('.rich-text');
      await expect.poll(() => body.textContent()).toContain('攻撃テスト');
      // time for an image error, a load or a toggle event to fire if a handler had survived
      await page.waitForTimeout(1000);

      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(await page.evaluate(() => (window as { __violations?: string[] }).__violations)).toEqual([]);

      const elements = await renderedBody(page);
      expectOnlyAllowList(elements);
      expect(elements.map((element) => element.tag)).not.toEqual(
        expect.arrayContaining(['svg', 'script', 'style', 'iframe', 'form', 'input', 'details', 'math']),
      );
      expect(await body.locator('div.fs-s').count()).toBe(1);
      expect(await body.locator('.evil, [style]').count()).toBe(0);
      expect(await body.locator('span.text-alert').count()).toBe(1);
      expect(await body.locator('p[class]').count()).toBe(0);
      expect(await body.getByText('危険なリンク').getAttribute('href')).toBeNull();
      expect(await body.getByText('符号化したリンク').getAttribute('href')).toBeNull();
      expect(await body.getByRole('link', { name: '安全なリンク' }).getAttribute('rel')).toBe(
        'noopener noreferrer',
      );
      // the page still shows (no <style> hid it) and nothing else broke
      expect(await page.locator('h1').first().isVisible()).toBe(true);
      expect(problems).toEqual([]);

      // Trusted Types are enforced in this browser: a plain string cannot reach an HTML sink, so the body
      // above went through the fund-rich-text policy
      expect(
        await page.evaluate(() => {
          try {
            document.createElement('div').innerHTML = '<b>x</b>';
            return 'assigned';
          } catch (error) {
            return (error as Error).name;
          }
        }),
      ).toBe('TypeError');
    }));
});
