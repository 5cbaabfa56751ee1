import { nisaUsage } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, insertFund, send, TestClock } from '../../test/trading-fixtures.ts';

// issue 25: customer 1000001's figures — 330,000 つみたて used in 2026 (870,000 left), and a 1,500,000-yen
// つみたて plan answered 201 with no word of where the money would go
describe('a つみたて plan above the room: the answer says how the amount is split', () => {
  let database: TestDatabase;
  let app: App;
  let token: string;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertFund(database.db, { code: 'SPLITF01' });
    const customerId = await insertCustomer(database.db, '2500001');
    await database.db.insert(nisaUsage).values([
      { customerId, year: 2026, bucket: 'tsumitate', purchased: 330_000n },
      { customerId, year: 2026, bucket: 'growth', purchased: 600_000n },
    ]);
    clock.instant = jstInstant(2026, 11, 30, 10, 0, 0);
    app = await buildTestApp({
      database: { ...database, close: async () => {} },
      env: manySignInsEnv,
      clock,
    });
    token = await accessTokenOf(app, '2500001');
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('sets up 1,500,000 yen on つみたて (allowed) and answers 870,000 つみたて + 630,000 成長 for 2026', async () => {
    const response = await send(app, token, 'POST', '/v1/recurringPurchases', {
      body: {
        fundCode: 'SPLITF01',
        accountType: 'nisa2_tsumitate',
        amount: '1500000',
        paymentMethod: 'ACCOUNT_TRANSFER',
      },
      idempotencyKey: 'split-create-1',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().nisaAllocation).toEqual({
      year: 2026,
      parts: [
        { accountType: 'nisa2_tsumitate', amount: '870000' },
        { accountType: 'nisa2_growth', amount: '630000' },
      ],
    });
  });

  it('answers a change the same way, and says nothing for an amount that fits', async () => {
    const [plan] = (await send(app, token, 'GET', '/v1/recurringPurchases')).json().recurringPurchases;
    const larger = await send(app, token, 'PUT', `/v1/recurringPurchases/${plan.id}`, {
      body: { amount: '1000000' },
    });
    expect(larger.statusCode).toBe(200);
    expect(larger.json().nisaAllocation.parts).toEqual([
      { accountType: 'nisa2_tsumitate', amount: '870000' },
      { accountType: 'nisa2_growth', amount: '130000' },
    ]);
    const fits = await send(app, token, 'PUT', `/v1/recurringPurchases/${plan.id}`, {
      body: { amount: '30000' },
    });
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).not.toHaveProperty('nisaAllocation');
  });
});
