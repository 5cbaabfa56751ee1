// Issue 16 point 5: 代理人の変更 (/mypage/changeAgent, decision 020) through the real sign-in, the real
// server and the built app: the minor's account 1000003 changes its 法定代理人 after the current password;
// a wrong password is refused at its field; the change arrives as a notice and as a mail in the outbox.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { repoRoot } from './support/server.ts';
import { demoPassword } from './support/sign-in.ts';

const app = useRunningApp();
const shots = join(repoRoot, 'test-results', 'screens');

let signedIn: StorageState;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  signedIn = await signedInState(app.browser, app.server.baseUrl, '1000003');
});

async function expectHeading(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
}

async function fillMother(page: Page, password: string): Promise<void> {
  await page.getByLabel('姓', { exact: false }).first().fill('青木');
  await page.getByRole('textbox', { name: /^名/ }).first().fill('美香');
  await page.getByLabel('姓（フリガナ）').fill('アオキ');
  await page.getByLabel('名（フリガナ）').fill('ミカ');
  await page.getByLabel('続柄').selectOption({ label: '母' });
  await page.getByLabel('現在のパスワード').fill(password);
}

describe('代理人の変更 as the minor’s account 1000003', () => {
  it('changes the 法定代理人 after the current password; the notice and the mail tell of it', () =>
    app.withPage(
      async (page, problems) => {
        await page.goto('/mypage/changeAgent');
        await expectHeading(page, '代理人の変更');
        const current = page.getByRole('region', { name: '現在の法定代理人' });
        await current.getByText('青木 健太').waitFor();
        await expectAccessible(page);
        await page.screenshot({ path: join(shots, 'mypage-changeAgent-390x844.png'), fullPage: true });

        // a wrong password: refused at its field, nothing changes
        await fillMother(page, 'Not-The-Password-1');
        await page.getByRole('button', { name: '法定代理人を変更する' }).click();
        await page.getByText('現在のパスワードが正しくありません。').waitFor();
        expect(await page.getByLabel('現在のパスワード').getAttribute('aria-invalid')).toBe('true');
        await current.getByText('青木 健太').waitFor();
        await expectAccessible(page);

        await page.getByLabel('現在のパスワード').fill(demoPassword);
        await page.getByRole('button', { name: '法定代理人を変更する' }).click();
        await page.getByText(/法定代理人を変更しました/).waitFor();
        await current.getByText('青木 美香').waitFor();
        await current.getByText('母').waitFor();
        await page.screenshot({ path: join(shots, 'mypage-changeAgent-done-390x844.png'), fullPage: true });

        // the mail to the account's address (the parent's) is in the development outbox
        const response = await fetch(
          `${app.server.baseUrl}/dev/mailbox.json?${new URLSearchParams({ to: 'kenta.aoki@example.jp', limit: '5' })}`,
        );
        const { mails } = (await response.json()) as { mails: { subject: string; text: string }[] };
        const mail = mails.find((candidate) => candidate.subject.includes('法定代理人変更のお知らせ'));
        expect(mail?.text).toContain('新しい法定代理人：青木 美香 様');

        // and the notice on /notifications
        await page.goto('/notifications');
        await page.getByText('法定代理人の変更を受け付けました').first().waitFor();
        // the wrong password was answered 400 on purpose
        expect(problems.filter((problem) => !problem.includes('/v6/agent'))).toEqual([]);
      },
      { storageState: signedIn },
    ));
});
