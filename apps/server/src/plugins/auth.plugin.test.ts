import { auditLog, demoCustomers, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { requestIdHeader } from '../logging/logger-options.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../test/customer-session.ts';
import { buildTestApp } from '../test/test-app.ts';
import { actAsRefusedAction, actAsRefusedMessage } from './auth.plugin.ts';

const startup = 60_000;
const main = demoCustomers.find((customer) => customer.accountNumber === '1000001')!;
const other = demoCustomers.find((customer) => customer.accountNumber === '1000006')!;

let database: TestDatabase;
let app: App;
let accessToken: string;
/** How often the handler of the probe route ran. */
let handled = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv });
  // a probe behind requireCustomer(): proves whether anything of a route runs after the guard
  app.get('/v1/test-probe', { onRequest: app.requireCustomer() }, async (request) => {
    handled += 1;
    return { customerId: request.customer?.customerId };
  });
  accessToken = (await signInCustomer(app, main.accountNumber)).access_token;
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

beforeEach(() => {
  handled = 0;
});

async function auditRows() {
  return database.db.select().from(auditLog).where(eq(auditLog.actorId, main.id));
}

describe('act-as header with a customer token (security.md 21)', { timeout: startup }, () => {
  it('answers the customer normally without the header, and audits nothing', async () => {
    const response = await callAs(app, accessToken, '/v1/test-probe');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customerId: main.id });
    expect(handled).toBe(1);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses with 403 403-000, runs nothing of the route and writes an audit entry naming both customers', async () => {
    const response = await callAs(app, accessToken, '/v1/test-probe', {
      headers: { 'user-id': other.id },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: '403-000', message: actAsRefusedMessage });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(handled).toBe(0);

    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorType: 'customer',
      actorId: main.id,
      subjectCustomerId: other.id,
      action: actAsRefusedAction,
      outcome: 'refused',
      requestId: String(response.headers[requestIdHeader]),
      details: { header: other.id, method: 'GET', path: '/v1/test-probe' },
    });
    expect(rows[0]?.ip).toBeTruthy();
  });

  it('refuses a real route the same way, and keeps a header that is no uuid out of the subject (cut to 64 characters)', async () => {
    const header = `1000006${'x'.repeat(100)}`;
    const response = await callAs(app, accessToken, '/v6/accountStatus', { headers: { 'user-id': header } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: '403-000' });
    const row = (await auditRows()).find((entry) => entry.details['path'] === '/v6/accountStatus');
    expect(row).toMatchObject({ subjectCustomerId: null, details: { header: header.slice(0, 64) } });
  });

  it('refuses an empty header too', async () => {
    const before = (await auditRows()).length;
    const response = await callAs(app, accessToken, '/v1/test-probe', { headers: { 'user-id': '' } });
    expect(response.statusCode).toBe(403);
    expect(handled).toBe(0);
    expect(await auditRows()).toHaveLength(before + 1);
  });

  it('answers 401 to an invalid token with the header, without an audit entry (no known actor)', async () => {
    const before = await database.db.$count(auditLog);
    const response = await callAs(app, 'not-a-token', '/v1/test-probe', { headers: { 'user-id': other.id } });
    expect(response.statusCode).toBe(401);
    expect(handled).toBe(0);
    expect(await database.db.$count(auditLog)).toBe(before);
  });
});
