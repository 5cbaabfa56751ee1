import { linkedCards } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, insertFund, send, TestClock } from '../../test/trading-fixtures.ts';

// Issue 25: two card plans set up in late November both start in December; their sum passes the
// 100,000-yen card cap every month, and the refusal said 「1月は101,000円になります」 (the largest total,
// the first of equal ones in calendar order) instead of the month the customer first passes it in.
const accountNumber = '2500001';
const clock = new TestClock();
let database: TestDatabase;
let app: App;
let token: string;
let keyCounter = 0;

async function createCardPlan(fundCode: string, body: Record<string, unknown>) {
  keyCounter += 1;
  return send(app, token, 'POST', '/v1/recurringPurchases', {
    body: { fundCode, accountType: 'specific', paymentMethod: 'CREDIT_CARD', ...body },
    idempotencyKey: `card-cap-december-${keyCounter}`,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertFund(database.db, { code: 'CAPPF001' });
  await insertFund(database.db, { code: 'CAPPF002' });
  const customerId = await insertCustomer(database.db, accountNumber);
  await database.db.insert(linkedCards).values({
    customerId,
    issuerSubject: `subject-${accountNumber}`,
    cardName: 'セゾンカードインターナショナル',
    last4: '1234',
    expiry: '2030-12',
    state: 'ACTIVE',
    pointsEarning: true,
    linkedOn: '2026-01-05',
  });
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { ...manySignInsEnv },
    clock,
  });
  token = await accessTokenOf(app, accountNumber);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('the card-cap refusal 400-222 names the first month over the cap', () => {
  it('two card plans set up on 2026-11-28, both starting in December, 60,000 + 41,000: 「12月は101,000円になります」', async () => {
    clock.instant = jstInstant(2026, 11, 28, 10);
    const first = await createCardPlan('CAPPF001', { amount: '60000' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ startMonth: '2026-12' });

    const over = await createCardPlan('CAPPF002', { amount: '41000' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: '400-222' });
    const { message } = over.json<{ message: string }>();
    expect(message).toContain('12月は101,000円になります');
    expect(message).not.toContain('1月は');
  });

  it('a June bonus does not hide the first month over the cap: December is named, not the larger June', async () => {
    clock.instant = jstInstant(2026, 11, 28, 10);
    const over = await createCardPlan('CAPPF002', {
      amount: '41000',
      bonus: { months: [6], amount: '10000' },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toContain('12月は101,000円になります');
  });
});
