// Issue 15 point 2, the spot buy through the real sign-in, the real server and the built app: 1000001 buys
// DEMOF003 by amount in 特定口座; the confirm page shows the API's own estimate and dates; a reload and a
// double tap on confirm, and going back to it, place one order; the completion shows it; then the batch
// of the next business days executes and settles it (ORDERED → EXECUTED → COMPLETED).
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import {
  addBusinessDays,
  formatJapaneseDate,
  formatJapaneseDateTime,
  formatUnits,
  formatYen,
  isoDate,
} from '@fund/domain';
import type { OrderEstimate, OrderResponse, OrdersResponse } from '@fund/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInState, storedAccessToken, type StorageState } from './support/app-session.ts';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { repoRoot } from './support/server.ts';

/** One signing key for both runs of the server, so the session survives the batch (demo-clock test). */
function signingKeys(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return JSON.stringify({
    keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: 'e2e-buy' }],
  });
}

const app = useRunningApp({
  env: { DEMO_CLOCK: 'on', BATCH_DEMO: 'on', BATCH_SCHEDULER: 'off', OIDC_JWKS: signingKeys() },
});

let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(app.browser, app.server.baseUrl, '1000001');
});

const withPage = (test: (page: Page) => Promise<void>) => app.withPage(test, { storageState: signedIn });

const fundCode = 'DEMOF003';
const draft = { fundCode, accountType: 'specific', orderType: 'AMOUNT', amount: '50000' } as const;

/** A call to the API from the page with the token the web app holds. */
async function callApi<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const token = await storedAccessToken(page);
  const answer = await page.evaluate(
    async ({ accessToken, path, body }) => {
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { accessToken: token, path, body },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body as T;
}

const orderedCount = async (page: Page) =>
  (await callApi<OrdersResponse>(page, '/v1/orders?status=ORDERED')).total;

/** The value beside a term of a description list. */
const valueOf = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** `npm run batch -- --date … --until …` against the stopped server's database. */
async function runBatch(env: NodeJS.ProcessEnv, from: string, until: string): Promise<void> {
  const child = spawn(
    join(repoRoot, 'node_modules/.bin/tsx'),
    ['apps/server/src/jobs/batch-cli.ts', '--date', from, '--until', until],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the batch exited with ${code}:\n${output}`);
}

describe('spot buy (issue 15 point 2)', () => {
  let order: OrderResponse['order'] | undefined;

  it(
    '1000001 buys DEMOF003 by amount in 特定口座: the estimate as the API says, one order for a reload, a double tap and a return to confirm',
    { timeout: 120_000 },
    () =>
      withPage(async (page) => {
        await page.goto(`/trading/buy/${fundCode}/input`);
        await page.locator('h1', { hasText: '購入金額の入力' }).waitFor();
        const confirmProspectus = page.getByRole('button', { name: '交付目論見書の内容を確認しました' });
        if (await confirmProspectus.isVisible()) await confirmProspectus.click();
        await page.getByRole('textbox', { name: /購入金額/ }).fill('50000');
        await page.getByRole('radio', { name: /^特定口座/ }).check();
        await page.getByTestId('cash-balance').waitFor();
        await expectAccessible(page);
        const before = await orderedCount(page);

        await page.getByRole('button', { name: '確認画面へ進む' }).click();
        await page.waitForURL(/\/confirm\?/);
        await page.getByRole('button', { name: '注文する' }).waitFor();
        const confirmUrl = page.url();
        const estimate = await callApi<OrderEstimate>(page, '/v1/orders/estimate', { side: 'BUY', ...draft });
        await expect.poll(() => valueOf(page, '購入金額').textContent()).toBe(formatYen(estimate.amount));
        expect(await valueOf(page, '概算口数').textContent()).toContain(formatUnits(estimate.units));
        expect(await valueOf(page, 'お預り金からのお支払い').textContent()).toBe(
          formatYen(estimate.cashAmount),
        );
        expect(await valueOf(page, '申込日').textContent()).toBe(
          formatJapaneseDate(estimate.dates.applicationDate),
        );
        expect(await valueOf(page, '約定日').textContent()).toContain(
          formatJapaneseDate(estimate.dates.tradeDate),
        );
        expect(await valueOf(page, '受渡日').textContent()).toBe(
          formatJapaneseDate(estimate.dates.settlementDate),
        );
        expect(await valueOf(page, '取消期限').textContent()).toBe(
          `${formatJapaneseDateTime(estimate.dates.cancelDeadline)}まで`,
        );
        await expect.poll(() => page.getByText(/約定日の基準価額で決まります/).count()).toBeGreaterThan(0);
        await expectAccessible(page);

        // a reload keeps the draft and the intent's key; then a double tap
        await page.reload();
        await page.getByRole('button', { name: '注文する' }).dblclick();
        await page.locator('h1', { hasText: '注文を受け付けました' }).waitFor();
        const orderId = new URL(page.url()).searchParams.get('order') ?? '';
        await page.getByText(orderId).waitFor();
        expect(await valueOf(page, '購入金額').textContent()).toBe(formatYen('50000'));
        expect(await valueOf(page, '受渡日').textContent()).toBe(
          formatJapaneseDate(estimate.dates.settlementDate),
        );
        expect(await page.getByRole('link', { name: '注文を確認する' }).getAttribute('href')).toBe(
          '/cashflows?tab=orders',
        );
        await expectAccessible(page);

        // the confirm page of the same intent opened again: ordering again answers with the same order
        await page.goto(confirmUrl);
        await page.getByRole('button', { name: '注文する' }).click();
        await page.locator('h1', { hasText: '注文を受け付けました' }).waitFor();
        expect(new URL(page.url()).searchParams.get('order')).toBe(orderId);

        expect(await orderedCount(page)).toBe(before + 1);
        order = (await callApi<OrderResponse>(page, `/v1/orders/${orderId}`)).order;
        expect(order).toMatchObject({
          status: 'ORDERED',
          fundCode,
          accountType: 'specific',
          requestedAmount: '50000',
        });
        expect(order.settlementDate).toBe(estimate.dates.settlementDate);
      }),
  );

  it(
    'the batch executes the order on its 約定日 and settles it on its 受渡日',
    { timeout: 180_000 },
    async () => {
      if (order === undefined) throw new Error('the buy above placed no order');
      const { id, tradeDate, settlementDate } = order;
      await app.server.whileStopped((env) => runBatch(env, tradeDate, tradeDate));
      await withPage(async (page) => {
        await page.goto('/');
        await page.locator('h1', { hasText: 'ホーム' }).waitFor();
        expect((await callApi<OrderResponse>(page, `/v1/orders/${id}`)).order.status).toBe('EXECUTED');
      });
      await app.server.whileStopped((env) =>
        runBatch(env, addBusinessDays(isoDate(tradeDate), 1), settlementDate),
      );
      await withPage(async (page) => {
        await page.goto('/');
        await page.locator('h1', { hasText: 'ホーム' }).waitFor();
        const settled = (await callApi<OrderResponse>(page, `/v1/orders/${id}`)).order;
        expect(settled.status).toBe('COMPLETED');
        expect(settled.executedUnits).not.toBeNull();
      });
    },
  );
});
