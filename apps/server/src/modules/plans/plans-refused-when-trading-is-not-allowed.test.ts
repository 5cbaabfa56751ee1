import { customers, holdings, recurringPurchases } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, insertFund, send, TestClock } from '../../test/trading-fixtures.ts';

// Issue 13 point 2: a locked (400-100), closed (CLOSE) or not-opened (NONE) account sets up nothing that
// trades: no order, no 積立, no 定期売却, no 毎月の入金; stopping what exists stays possible.
const startup = 60_000;

let database: TestDatabase;
let app: App;
const clock = new TestClock();
const tokens = new Map<string, string>();
const ids = new Map<string, string>();
let keyCounter = 0;

const locked = '2300001';
const closed = '2300002';
const notOpened = '2300003';

const cases = [
  ['a locked account', locked, '400-100', 'お取引が制限されています'],
  ['a closed account (CLOSE)', closed, '400-216', '口座が閉鎖されている'],
  ['an account not opened yet (NONE)', notOpened, '400-215', '口座開設のお手続きが完了していない'],
] as const;

function newKey(): string {
  keyCounter += 1;
  return `standing-test-key-${keyCounter}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  clock.instant = jstInstant(2026, 11, 2, 10, 0);
  const fundId = await insertFund(database.db, { code: 'STANDF01' });
  for (const accountNumber of [locked, closed, notOpened]) {
    const id = await insertCustomer(database.db, accountNumber);
    ids.set(accountNumber, id);
    await database.db.insert(holdings).values({
      customerId: id,
      accountType: 'specific',
      fundId,
      units: 1_000_000n,
      bookValue: 100_000n,
      costBasisPer10k: 10_000n,
    });
  }
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { ...manySignInsEnv },
    clock,
  });
  for (const accountNumber of [locked, closed, notOpened]) {
    tokens.set(accountNumber, await accessTokenOf(app, accountNumber));
  }
  // a plan from before the account's state changed, to suspend and resume
  await database.db.insert(recurringPurchases).values({
    customerId: ids.get(locked)!,
    fundId,
    accountType: 'specific',
    amount: 10_000n,
    paymentMethod: 'ACCOUNT_TRANSFER',
    startMonth: '2026-10-01',
  });
  await database.db.update(customers).set({ locked: true }).where(eq(customers.accountNumber, locked));
  await database.db
    .update(customers)
    .set({ equityStatus: 'CLOSE' })
    .where(eq(customers.accountNumber, closed));
  await database.db
    .update(customers)
    .set({ equityStatus: 'NONE' })
    .where(eq(customers.accountNumber, notOpened));
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe(
  'a customer whose account state forbids trading creates nothing that trades',
  { timeout: startup },
  () => {
    it.each(cases)('refuses a recurring purchase for %s', async (_what, accountNumber, code, text) => {
      const response = await send(app, tokens.get(accountNumber)!, 'POST', '/v1/recurringPurchases', {
        body: {
          fundCode: 'STANDF01',
          accountType: 'specific',
          amount: '10000',
          paymentMethod: 'ACCOUNT_TRANSFER',
        },
        idempotencyKey: newKey(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code, message: expect.stringContaining(text) });
    });

    it.each(cases)('refuses a scheduled sell for %s', async (_what, accountNumber, code) => {
      const response = await send(app, tokens.get(accountNumber)!, 'POST', '/v1/scheduledSells', {
        body: { fundCode: 'STANDF01', type: 'AMOUNT', value: '10000', frequency: 'MONTHLY' },
        idempotencyKey: newKey(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code });
    });

    it.each(cases)('refuses a monthly deposit for %s', async (_what, accountNumber, code) => {
      const response = await send(app, tokens.get(accountNumber)!, 'PUT', '/v1/monthlyDeposit', {
        body: { amount: '30000', day: 10 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code });
      expect((await send(app, tokens.get(accountNumber)!, 'GET', '/v1/monthlyDeposit')).json()).toEqual({
        monthlyDeposit: null,
      });
    });

    it.each(cases)('refuses a spot buy for %s', async (_what, accountNumber, code) => {
      const response = await send(app, tokens.get(accountNumber)!, 'POST', '/v1/orders/buy', {
        body: { fundCode: 'STANDF01', accountType: 'specific', orderType: 'AMOUNT', amount: '10000' },
        idempotencyKey: newKey(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code });
    });

    it('lets a locked customer suspend a plan but not resume it', async () => {
      const token = tokens.get(locked)!;
      const list = await send(app, token, 'GET', '/v1/recurringPurchases');
      const id = list.json<{ recurringPurchases: { id: string }[] }>().recurringPurchases[0]!.id;
      const suspend = await send(app, token, 'POST', `/v1/recurringPurchases/${id}/suspend`);
      expect(suspend.statusCode, suspend.body).toBe(200);
      const resume = await send(app, token, 'POST', `/v1/recurringPurchases/${id}/resume`);
      expect(resume.statusCode).toBe(400);
      expect(resume.json()).toMatchObject({ code: '400-100' });
      const change = await send(app, token, 'PUT', `/v1/recurringPurchases/${id}`, {
        body: { amount: '20000' },
      });
      expect(change.json()).toMatchObject({ code: '400-100' });
    });
  },
);
