import { demoCustomers, seedDemoData, signInEvents } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';

const startup = 60_000;

let database: TestDatabase;
let app: App;

function customerId(accountNumber: string): string {
  return demoCustomers.find((candidate) => candidate.accountNumber === accountNumber)!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('GET /v1/wb4UserStatus (trading-system user status)', { timeout: startup }, () => {
  it('answers ACTIVE for a customer who is not locked', async () => {
    const token = (await signInCustomer(app, '1000001')).access_token;
    const response = await callAs(app, token, '/v1/wb4UserStatus');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ACTIVE' });
  });

  it('answers 400 with code 400-100 and a Japanese message for a locked customer (spec §8)', async () => {
    const token = (await signInCustomer(app, '1000005')).access_token;
    const response = await callAs(app, token, '/v1/wb4UserStatus');
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      code: '400-100',
      message: 'お客さまの口座はアカウントロックされています。お客さま窓口までお問い合わせください。',
    });
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/wb4UserStatus' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /v1/lastLogIn (前回ログイン)', { timeout: startup }, () => {
  it('is null at the first sign-in, then the sign-in before the current one; failures do not count', async () => {
    const first = (await signInCustomer(app, '1000004')).access_token;
    const atFirst = await callAs(app, first, '/v1/lastLogIn');
    expect(atFirst.statusCode).toBe(200);
    expect(atFirst.json()).toEqual({ lastLogIn: null });

    const second = (await signInCustomer(app, '1000004')).access_token;
    // a wrong password after the second sign-in is not a sign-in
    await database.db.insert(signInEvents).values({
      customerId: customerId('1000004'),
      accountNumberTried: '1000004',
      outcome: 'wrong_password',
    });
    const events = await database.db
      .select({ occurredAt: signInEvents.occurredAt, outcome: signInEvents.outcome })
      .from(signInEvents)
      .where(eq(signInEvents.customerId, customerId('1000004')))
      .orderBy(asc(signInEvents.occurredAt));
    const successes = events.filter((event) => event.outcome === 'succeeded');
    expect(successes).toHaveLength(2);

    const response = await callAs(app, second, '/v1/lastLogIn');
    expect(response.json()).toEqual({ lastLogIn: { at: successes[0]!.occurredAt.toISOString() } });
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/lastLogIn' })).statusCode).toBe(401);
  });
});
