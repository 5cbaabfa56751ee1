// The customer sees operator access (issue 17 point 3, decision 025): operator02 signs in through the
// real operator pages of /oidc-admin, reads 1000001's assets with the act-as header, and 1000001 then
// finds that visit on my page, in customer words, with no axe violation.
import { formatJapaneseDateWithWeekday, jstIsoDate } from '@fund/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminAuthorizationRequest, exchangeAdminCode } from './support/admin-oidc.ts';
import { signInThroughApp } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';

const app = useRunningApp();

/** Calls of my page that may answer 4xx as a state the page shows (spec §8 pass-through). */
const expectedRefusals = [
  '/v1/cashflows/creditCard',
  '/v1/cashflows/accountTransfer/account',
  '/v1/lastLogIn',
];

/** operator02 signs in on the operator pages; the test exchanges the code as the admin build does. */
async function operatorToken(page: Page): Promise<string> {
  const { baseUrl } = app.server;
  const request = adminAuthorizationRequest(baseUrl);
  await page.goto(request.url);
  await page.getByLabel('ログインID').fill('operator02');
  await page.getByLabel('パスワード', { exact: true }).fill('Operator-Pass-2026');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.has('code'));
  const tokens = await exchangeAdminCode(
    baseUrl,
    request,
    new URL(page.url()).searchParams.get('code') ?? '',
  );
  expect(tokens.status).toBe(200);
  return String(tokens.body.access_token);
}

describe('the customer sees when an operator viewed the account (decision 025)', () => {
  it('operator02 reads 1000001’s assets acting for them; 1000001 finds the visit on my page', async () => {
    let token = '';
    await app.withPage(
      async (page) => {
        token = await operatorToken(page);
      },
      { keepCallbacksFromApp: true },
    );
    const before = new Date();
    const assets = await fetch(`${app.server.baseUrl}/v1/assets`, {
      headers: { authorization: `Bearer ${token}`, 'user-id': '1000001' },
    });
    expect(assets.status).toBe(200);

    await app.withPage(async (page, problems) => {
      await signInThroughApp(page, '1000001', '/mypage');
      await page.getByRole('heading', { level: 1, name: 'マイページ' }).waitFor();
      const record = page.getByRole('region', { name: '担当者による閲覧の記録', exact: true });
      const rows = record.getByRole('list', { name: '担当者による閲覧の記録' }).getByRole('listitem');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
      const text = (await rows.first().textContent()) ?? '';
      expect(text).toContain(formatJapaneseDateWithWeekday(jstIsoDate(before)));
      expect(text).toContain('コールセンター担当者が閲覧：資産');
      // the operator is named by role only
      expect(await record.textContent()).not.toContain('operator02');
      await expect.poll(() => page.locator('.ui-skeleton').count(), { timeout: 15_000 }).toBe(0);
      await expectAccessible(page);
      expect(problems.filter((problem) => !expectedRefusals.some((path) => problem.includes(path)))).toEqual(
        [],
      );
    });
  }, 90_000);
});
