import { seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDate } from '@fund/domain';
import type { App } from '../../app.ts';
import {
  closedCustomerDocuments,
  demoHistoryDocuments,
  issueDemoPeriodicDocuments,
} from '../../demo/demo-documents.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';

const startup = 60_000;

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  // the periodic reports of the main and the closed customer, issued as the demo does
  await database.db.transaction((tx) =>
    issueDemoPeriodicDocuments(tx, isoDate('2026-11-25'), [
      ...demoHistoryDocuments,
      ...closedCustomerDocuments,
    ]),
  );
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('balance service GET /balance/trades_report', { timeout: startup }, () => {
  it('gives data.frame_url: the customer’s trade-report page, which opens without the app’s token', async () => {
    const token = (await signInCustomer(app, '1000001')).access_token;
    const response = await callAs(app, token, '/balance/trades_report');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const frameUrl = new URL(response.json<{ data: { frame_url: string } }>().data.frame_url);
    expect(frameUrl.origin).toBe('http://localhost:3000');
    expect(frameUrl.pathname).toBe('/partners/trade-reports');
    expect(frameUrl.searchParams.get('ticket')).toMatch(/^[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);

    const page = await app.inject({ method: 'GET', url: `${frameUrl.pathname}${frameUrl.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('取引残高報告書（2026年9月30日現在）');
    expect(page.body).toContain('特定口座年間取引報告書');
    expect(page.body).not.toContain('2026年3月31日現在'); // the closed customer's document
  });

  it('answers 401 without a token, and the balance prefix stays JSON for unknown paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/balance/trades_report' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: '401-000' });
    const unknown = await app.inject({ method: 'GET', url: '/balance/unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: '404-000' });
  });
});
