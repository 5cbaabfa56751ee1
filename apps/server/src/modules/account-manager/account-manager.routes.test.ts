import { createHmac } from 'node:crypto';
import { customers, demoCustomers, nisaRequests, seedDemoData, updateAccountRequests } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDate } from '@fund/domain';
import type { App } from '../../app.ts';
import { closedCustomerDocuments, issueDemoPeriodicDocuments } from '../../demo/demo-documents.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';

const startup = 60_000;
const hashKey = 'partner-hash-key-for-the-accounts-tests-0123456789';

let database: TestDatabase;
let app: App;
const tokens = new Map<string, string>();

function customer(accountNumber: string) {
  return demoCustomers.find((candidate) => candidate.accountNumber === accountNumber)!;
}

function hashed(customerId: string): string {
  return createHmac('sha256', hashKey).update(customerId).digest('hex');
}

/** The customer's access token, signing in once per customer. */
async function tokenOf(accountNumber: string): Promise<string> {
  const known = tokens.get(accountNumber);
  if (known !== undefined) return known;
  const token = (await signInCustomer(app, accountNumber)).access_token;
  tokens.set(accountNumber, token);
  return token;
}

async function get(accountNumber: string, url: string) {
  return callAs(app, await tokenOf(accountNumber), url);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { ...manySignInsEnv, PARTNER_HASH_KEY: hashKey },
  });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('account-manager service /v6 (root shell, spec §4)', { timeout: startup }, () => {
  it.each([
    ['1000001', 'OPEN'],
    ['1000006', 'CLOSE'],
    ['1000007', 'NONE'],
  ])('GET /v6/accountStatus of %s: equity %s and the hashed user id', async (accountNumber, equity) => {
    const response = await get(accountNumber, '/v6/accountStatus');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: { equity },
      hashedUserId: hashed(customer(accountNumber).id),
    });
  });

  it('GET /v6/accounts: branch code and account number as customerCode', async () => {
    const response = await get('1000001', '/v6/accounts');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ account: { branchCode: '001', customerCode: '1000001' } });
  });

  it('GET /v6/unmaskedUsers: names with kana, role, last confirmation and hashed user id', async () => {
    const response = await get('1000001', '/v6/unmaskedUsers');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      profile: { lastName: '青木', firstName: '健太', lastNameKana: 'アオキ', firstNameKana: 'ケンタ' },
      accountRole: 'ADULT',
      lastConfirmedOn: '2026-10-01',
      hashedUserId: hashed(customer('1000001').id),
    });
    const corporation = await get('1000002', '/v6/unmaskedUsers');
    expect(corporation.json()).toMatchObject({
      profile: { lastName: '株式会社みどり商事', firstName: '' },
      accountRole: 'CORPORATION',
    });
    const noAccount = await get('1000007', '/v6/unmaskedUsers');
    expect(noAccount.json()).toMatchObject({ lastConfirmedOn: null });
  });

  it('GET /v6/updateAccountRequests: the pending request, null without one (a completed one does not count)', async () => {
    const pending = await get('1000009', '/v6/updateAccountRequests');
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({
      updateAccountRequest: {
        id: '30000000-0000-4000-8000-000000000001',
        kind: 'ADDRESS',
        requestedAt: '2026-11-16T01:20:00.000Z',
      },
    });
    expect((await get('1000008', '/v6/updateAccountRequests')).json()).toEqual({
      updateAccountRequest: null,
    });
  });

  it('GET /v6/nisaRequests: the pending applications only', async () => {
    const customerId = customer('1000008').id;
    await database.db.insert(nisaRequests).values({
      customerId,
      kind: 'CHANGE_INSTITUTION',
      status: 'REJECTED',
      requestedAt: new Date('2026-01-05T01:00:00Z'),
      resolvedAt: new Date('2026-01-20T01:00:00Z'),
    });
    const response = await get('1000008', '/v6/nisaRequests');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      nisaRequests: [
        {
          id: '415a0000-0000-4000-8000-000000000001',
          kind: 'OPEN',
          requestedAt: '2026-11-12T06:30:00.000Z',
        },
      ],
    });
    expect((await get('1000001', '/v6/nisaRequests')).json()).toEqual({ nisaRequests: [] });
  });

  it('GET /v6/users/migratedStatus: migrated with its date, or not yet', async () => {
    expect((await get('1000001', '/v6/users/migratedStatus')).json()).toEqual({
      migrated: true,
      migratedAt: '2026-04-01T00:00:00.000Z',
    });
    expect((await get('1000002', '/v6/users/migratedStatus')).json()).toEqual({
      migrated: false,
      migratedAt: null,
    });
  });

  it('GET /v6/tradeReportUrl: a link to the trade-report page with a ticket that opens it without a token', async () => {
    // the closed customer's reports, issued at start as `npm start` does
    await database.db.transaction((tx) =>
      issueDemoPeriodicDocuments(tx, isoDate('2026-11-25'), closedCustomerDocuments),
    );
    const response = await get('1000006', '/v6/tradeReportUrl');
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ tradeReportUrl: string }>().tradeReportUrl);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/partners/trade-reports');
    const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('取引残高報告書（2026年3月31日現在）');
    expect(page.body).not.toContain('2026年9月30日現在'); // the main customer's document
  });

  it('answers only the token’s own customer: a changed row shows at once', async () => {
    await database.db
      .update(customers)
      .set({ equityStatus: 'CLOSE' })
      .where(eq(customers.id, customer('1000004').id));
    expect((await get('1000004', '/v6/accountStatus')).json()).toMatchObject({
      status: { equity: 'CLOSE' },
    });
    await database.db
      .update(updateAccountRequests)
      .set({ status: 'COMPLETED', resolvedAt: new Date() })
      .where(eq(updateAccountRequests.customerId, customer('1000009').id));
    expect((await get('1000009', '/v6/updateAccountRequests')).json()).toEqual({
      updateAccountRequest: null,
    });
  });

  it.each([
    '/v6/accountStatus',
    '/v6/accounts',
    '/v6/unmaskedUsers',
    '/v6/updateAccountRequests',
    '/v6/nisaRequests',
    '/v6/users/migratedStatus',
    '/v6/tradeReportUrl',
  ])('GET %s without a token: 401 in the error body', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: '401-000' });
  });

  it('lists the routes with their response schemas in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    }>();
    for (const path of [
      '/v6/accountStatus',
      '/v6/accounts',
      '/v6/unmaskedUsers',
      '/v6/updateAccountRequests',
      '/v6/nisaRequests',
      '/v6/users/migratedStatus',
      '/v6/tradeReportUrl',
      '/v1/wb4UserStatus',
      '/v1/badges/information',
      '/v1/badges/informationOthers',
      '/v1/lastLogIn',
      '/balance/trades_report',
    ]) {
      expect(document.paths[path]?.get?.responses?.['200'], path).toBeDefined();
    }
  });
});
