// マイページ (spec §2 /mypage, issue 16 point 4) through the real sign-in, the real server and the built
// app: every block shows a final state computed here from the same API, the documents list opens a
// document in the page, sign-out ends the session, and axe finds nothing at the phone viewport.
import type { DeliveredDocuments, LastLogIn } from '@fund/contracts';
import { formatJapaneseDateTime } from '@fund/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isIdentityPage,
  signedInState,
  storedAccessToken,
  type StorageState,
} from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

const states = new Map<string, StorageState>();
beforeAll(async () => {
  // 1000001 signs in twice, so the second session has a sign-in before it (前回ログイン) whatever the seed
  await signedInState(app.browser, app.server.baseUrl, '1000001');
  states.set('1000001', await signedInState(app.browser, app.server.baseUrl, '1000001'));
  states.set('1000002', await signedInState(app.browser, app.server.baseUrl, '1000002'));
}, 120_000);

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** A GET with the page's own token, as the app makes it. */
async function api(page: Page, path: string): Promise<Answer> {
  const token = await storedAccessToken(page);
  return page.evaluate(
    async ([url, bearer]) => {
      const response = await fetch(url!, { headers: { authorization: `Bearer ${bearer}` } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    [path, token],
  );
}

function codeOf(answer: Answer): unknown {
  return answer.body['code'] ?? answer.body['type'];
}

async function openMyPage(page: Page) {
  await page.goto('/mypage');
  await page.getByRole('heading', { level: 1, name: 'マイページ' }).waitFor();
  // every block has answered: no skeleton left
  await expect.poll(() => page.locator('.ui-skeleton').count(), { timeout: 15_000 }).toBe(0);
}

function block(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** Calls that may answer 4xx as a state the page shows (spec §8 pass-through, or not built yet: 404). */
const expectedRefusals = [
  '/v1/cashflows/creditCard',
  '/v1/cashflows/accountTransfer/account',
  '/v1/lastLogIn',
];

describe('my page (spec §2 /mypage)', () => {
  it(
    '1000001 (ADULT): every block, the last sign-in, the card and bank account as the API answers, no axe violation',
    () =>
      app.withPage(
        async (page, problems) => {
          await openMyPage(page);

          const profile = block(page, 'お客さま情報');
          expect(await profile.getByTestId('account-number').textContent()).toBe('1000001');
          await expect.poll(() => profile.getByText('青木 健太', { exact: true }).count()).toBe(1);
          await expect.poll(() => profile.getByText('個人口座', { exact: true }).count()).toBe(1);

          const lastLogIn = await api(page, '/v1/lastLogIn');
          expect(lastLogIn.status).toBe(200);
          const at = (lastLogIn.body as unknown as LastLogIn).lastLogIn?.at;
          expect(at).toBeDefined();
          expect(await page.getByTestId('last-sign-in').textContent()).toBe(formatJapaneseDateTime(at!));

          const card = await api(page, '/v1/cashflows/creditCard');
          const cardBlock = block(page, 'クレジットカード');
          if (card.status === 200) {
            const { last4 } = (card.body as { creditCard: { last4: string } }).creditCard;
            await expect.poll(() => cardBlock.getByText(`末尾 ${last4}`).count()).toBe(1);
          } else if (codeOf(card) === '400-100') {
            await expect.poll(() => cardBlock.getByText('未登録').count()).toBe(1);
          } else {
            await expect.poll(() => cardBlock.getByText(/取得できませんでした/).count()).toBe(1);
          }

          const bank = await api(page, '/v1/cashflows/accountTransfer/account');
          const bankBlock = block(page, '口座振替の金融機関口座');
          if (bank.status === 200) {
            const { accountNumberLast3 } = (bank.body as { account: { accountNumberLast3: string } }).account;
            await expect.poll(() => bankBlock.getByText(`末尾 ${accountNumberLast3}`).count()).toBe(1);
          } else if (codeOf(bank) === '400-666') {
            await expect.poll(() => bankBlock.getByText('未登録').count()).toBe(1);
          } else {
            await expect.poll(() => bankBlock.getByText(/取得できませんでした/).count()).toBe(1);
          }

          const security = block(page, 'ログインとセキュリティ');
          // this browser's session is one of the signed-in apps; its sign-ins are in the history
          await expect
            .poll(() =>
              security.getByRole('list', { name: 'ログイン中の端末' }).getByRole('listitem').count(),
            )
            .toBeGreaterThan(0);
          await expect
            .poll(() => security.getByRole('list', { name: '最近のログイン履歴' }).getByText('成功').count())
            .toBeGreaterThan(1);
          expect(await page.getByTestId('mail-address').textContent()).toMatch(/@/);
          await expect.poll(() => block(page, 'お問い合わせ').getByText('9:00〜17:00').count()).toBe(1);
          await expect
            .poll(() => block(page, 'ログアウト').getByRole('button', { name: 'ログアウト' }).count())
            .toBe(1);

          await expectAccessible(page);
          expect(
            problems.filter((problem) => !expectedRefusals.some((path) => problem.includes(path))),
          ).toEqual([]);
        },
        { storageState: states.get('1000001')! },
      ),
    60_000,
  );

  it(
    '1000001 sees its 電子交付書面 as one list, newest first, and opens its 取引残高報告書 in the page',
    () =>
      app.withPage(
        async (page, problems) => {
          await openMyPage(page);
          const answer = await api(page, '/v1/documents');
          expect(answer.status).toBe(200);
          const delivered = (answer.body as unknown as DeliveredDocuments).documents;
          // the demo: a 取引報告書 per settled trade, a 取引残高報告書, a 特定口座年間取引報告書 and a
          // 収益分配金のお知らせ per 決算 paid
          expect(new Set(delivered.map((document) => document.kind))).toEqual(
            new Set([
              'TRADE_REPORT',
              'BALANCE_REPORT',
              'ANNUAL_SPECIFIC_ACCOUNT_REPORT',
              'DISTRIBUTION_NOTICE',
            ]),
          );
          const newest = [...delivered].sort((a, b) => (a.issuedOn < b.issuedOn ? 1 : -1))[0]!;

          const documents = block(page, '電子交付書面');
          const list = documents.getByRole('list', { name: '電子交付書面の一覧' });
          await expect.poll(() => list.getByRole('button').count()).toBe(Math.min(10, delivered.length));
          expect(await list.getByRole('button').first().textContent()).toContain(newest.title);
          await expectAccessible(page);

          // the 取引残高報告書 may be further down the list: show the rest until it is there
          const balance = delivered.find((document) => document.kind === 'BALANCE_REPORT')!;
          const row = list.getByRole('button', { name: balance.title });
          while ((await row.count()) === 0) {
            await documents.getByRole('button', { name: /さらに表示/ }).click();
          }
          await row.click();
          const heading = documents.getByRole('heading', { level: 3, name: balance.title });
          await heading.waitFor();
          expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
          const opened = documents.getByRole('region', { name: balance.title });
          await expect.poll(() => opened.getByRole('table').count()).toBeGreaterThan(0);
          await expect.poll(() => opened.getByText('1000001').count()).toBeGreaterThan(0);
          await expectAccessible(page);

          await documents.getByRole('button', { name: '一覧に戻る' }).click();
          await list.waitFor();
          // opened by the customer: read from now on (PUT /v1/documents/{id}/read), its 未読 badge gone
          await expect.poll(() => row.textContent()).not.toContain('未読');
          await expect
            .poll(
              async () =>
                ((await api(page, '/v1/documents')).body as unknown as DeliveredDocuments).documents.find(
                  (document) => document.id === balance.id,
                )?.read,
            )
            .toBe(true);
          expect(
            problems.filter((problem) => !expectedRefusals.some((path) => problem.includes(path))),
          ).toEqual([]);
        },
        { storageState: states.get('1000001')! },
      ),
    90_000,
  );

  it(
    '1000002 (CORPORATION): 法人名, 法人口座 and the representative’s change, no axe violation',
    () =>
      app.withPage(
        async (page) => {
          await openMyPage(page);
          const profile = block(page, 'お客さま情報');
          expect(await profile.getByTestId('account-number').textContent()).toBe('1000002');
          await expect.poll(() => profile.getByText('法人名', { exact: true }).count()).toBe(1);
          await expect.poll(() => profile.getByText('法人口座', { exact: true }).count()).toBe(1);
          const change = profile.getByRole('link', { name: '代表者・お取引担当者を変更する' });
          expect(await change.getAttribute('href')).toBe('/mypage/changeAgent');
          await expectAccessible(page);
        },
        { storageState: states.get('1000002')! },
      ),
    60_000,
  );

  it('is reachable from the menu, and its ログアウト ends the session and goes to the sign-in', async () => {
    // its own sign-in: signing out revokes the session the other tests share
    const state = await signedInState(app.browser, app.server.baseUrl, '1000001');
    await app.withPage(
      async (page) => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1, name: 'ホーム' }).waitFor();
        await page.getByRole('button', { name: 'メニュー', exact: true }).click();
        await page
          .getByRole('navigation', { name: 'メニュー', exact: true })
          .getByRole('link', { name: 'マイページ' })
          .click();
        await page.getByRole('heading', { level: 1, name: 'マイページ' }).waitFor();

        await block(page, 'ログアウト').getByRole('button', { name: 'ログアウト' }).click();
        await page.waitForURL(isIdentityPage);
        expect(await storedAccessToken(page)).toBeNull();
      },
      { storageState: state },
    );
  }, 60_000);
});
