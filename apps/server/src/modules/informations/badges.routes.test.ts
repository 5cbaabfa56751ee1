import {
  demoCustomers,
  informationReads,
  informations,
  mainDemoCustomerUnread,
  seedDemoData,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Clock } from '../../plugins/clock.plugin.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';

const startup = 60_000;

/** Real time (the identity provider keeps it too) moved ahead by `offsetMs` when a test says so. */
class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

const clock = new ShiftedClock();
let database: TestDatabase;
let app: App;

function customerId(accountNumber: string): string {
  return demoCustomers.find((candidate) => candidate.accountNumber === accountNumber)!.id;
}

async function unread(accessToken: string, url: string): Promise<number> {
  const response = await callAs(app, accessToken, url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<{ data: { informations: { unreadAll: number } } }>().data.informations.unreadAll;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    clock,
    env: manySignInsEnv,
  });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('unread-notice badges /v1/badges/*', { timeout: startup }, () => {
  it('counts the main demo customer’s unread important and other notices', async () => {
    const token = (await signInCustomer(app, '1000001')).access_token;
    expect(await unread(token, '/v1/badges/information')).toBe(mainDemoCustomerUnread.important);
    expect(await unread(token, '/v1/badges/informationOthers')).toBe(mainDemoCustomerUnread.others);
  });

  it('counts a notice once published by the app’s clock, for this customer or all, until it is read', async () => {
    const token = (await signInCustomer(app, '1000003')).access_token;
    const important = await unread(token, '/v1/badges/information');
    const others = await unread(token, '/v1/badges/informationOthers');
    const now = clock.now().getTime();
    const [own, , later] = await database.db
      .insert(informations)
      .values([
        {
          customerId: customerId('1000003'),
          category: 'important',
          title: 'ご本人宛てのお知らせ',
          body: '<p>本文</p>',
          publishedAt: new Date(now - 60_000),
        },
        {
          customerId: customerId('1000001'),
          category: 'important',
          title: '他のお客さま宛てのお知らせ',
          body: '<p>本文</p>',
          publishedAt: new Date(now - 60_000),
        },
        {
          customerId: null,
          category: 'others',
          title: '予約掲載のお知らせ',
          body: '<p>本文</p>',
          publishedAt: new Date(now + 5 * 60_000),
        },
      ])
      .returning({ id: informations.id });
    // own notice counts; another customer's never; the scheduled one not yet
    expect(await unread(token, '/v1/badges/information')).toBe(important + 1);
    expect(await unread(token, '/v1/badges/informationOthers')).toBe(others);

    clock.offsetMs = 6 * 60_000; // the access token (10 min) is still valid
    expect(await unread(token, '/v1/badges/informationOthers')).toBe(others + 1);

    await database.db.insert(informationReads).values([
      { customerId: customerId('1000003'), informationId: own!.id },
      { customerId: customerId('1000003'), informationId: later!.id },
    ]);
    expect(await unread(token, '/v1/badges/information')).toBe(important);
    expect(await unread(token, '/v1/badges/informationOthers')).toBe(others);
    clock.offsetMs = 0;
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/v1/badges/information', '/v1/badges/informationOthers']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: '401-000' });
    }
  });
});
