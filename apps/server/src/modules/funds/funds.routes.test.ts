import {
  cashflows,
  customerAccounts,
  customers,
  demoCustomers,
  journalEntries,
  seedDemoData,
  verifyLedger,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { manySignInsEnv, signInCustomer } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';

const startup = 120_000;
let database: TestDatabase;
let app: App;
let pinned: Date | null = null;
const tokens = new Map<string, string>();

async function tokenOf(accountNumber: string): Promise<string> {
  const known = tokens.get(accountNumber);
  if (known !== undefined) return known;
  const saved = pinned;
  pinned = null;
  const token = (await signInCustomer(app, accountNumber)).access_token;
  pinned = saved;
  tokens.set(accountNumber, token);
  return token;
}

async function call(accountNumber: string, method: 'GET' | 'POST', url: string, key?: string) {
  return app.inject({
    method,
    url,
    headers: {
      host: 'localhost:3000',
      authorization: `Bearer ${await tokenOf(accountNumber)}`,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
  });
}

function idOf(accountNumber: string): string {
  return demoCustomers.find((customer) => customer.accountNumber === accountNumber)!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { ...manySignInsEnv },
    clock: { now: () => (pinned === null ? new Date() : new Date(pinned)) },
  });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('demo trading accounts (seed)', { timeout: startup }, () => {
  it('opens accounts by role and deposits once, also when the seed runs again', async () => {
    await seedDemoData(database); // the already-seeded branch
    const typesOf = async (accountNumber: string) =>
      (
        await database.db
          .select({ type: customerAccounts.accountType })
          .from(customerAccounts)
          .where(eq(customerAccounts.customerId, idOf(accountNumber)))
      )
        .map((row) => row.type)
        .sort();
    expect(await typesOf('1000001')).toEqual(['general', 'nisa2_growth', 'nisa2_tsumitate', 'specific']);
    expect(await typesOf('1000002')).toEqual(['general']);
    expect(await typesOf('1000003')).toEqual(['general', 'specific']);
    expect(await typesOf('1000004')).toEqual(['junior_nisa', 'specific']);
    expect(await typesOf('1000006')).toEqual([]); // closed
    const deposits = await database.db
      .select({ amount: cashflows.amount })
      .from(cashflows)
      .where(eq(cashflows.customerId, idOf('1000001')));
    expect(deposits).toEqual([{ amount: 3_000_000n }]);
    const entries = await database.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'demo.deposit'));
    const open = await database.db.select().from(customers).where(eq(customers.equityStatus, 'OPEN'));
    expect(entries).toHaveLength(open.length);
    expect(await verifyLedger(database)).toEqual([]);
  });
});

describe('funds API (/v1/funds)', { timeout: startup }, () => {
  it('lists the funds with the latest NAV, day change, 解約価額, NISA eligibility and lags', async () => {
    pinned = jstInstant(2026, 2, 4, 18, 0);
    const response = await call('1000001', 'GET', '/v1/funds');
    expect(response.statusCode).toBe(200);
    const { funds } = response.json<{ funds: Record<string, unknown>[] }>();
    expect(funds.map((fund) => fund['code'])).toEqual([
      'DEMOF001',
      'DEMOF002',
      'DEMOF003',
      'DEMOF004',
      'DEMOF005',
      'DEMOF006',
      'DEMOF007',
      'DEMOF008',
    ]);
    // the monthly-distribution fund settles every month and is eligible for neither NISA bucket
    expect(funds.find((fund) => fund['code'] === 'DEMOF006')).toMatchObject({
      nisa: { tsumitate: false, growth: false },
      settlement: { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], day: 15 },
      reinvestmentOffered: true,
    });
    const fof = funds.find((fund) => fund['code'] === 'DEMOF002')!;
    const nav = BigInt(fof['nav'] as string);
    expect(fof).toMatchObject({
      navDate: '2026-02-04',
      retentionFeeBasisPoints: 10,
      cancellationPrice: (nav - (nav * 10n + 9_999n) / 10_000n).toString(),
      nisa: { tsumitate: false, growth: true },
      priceLagDays: 2,
      cutOffTime: '15:00',
      salesStatus: 'ON_SALE',
    });
    expect(fof['dayChange']).toMatch(/^-?\d+$/);
  });

  it('details a fund with its current prospectus and whether the caller confirmed it', async () => {
    pinned = jstInstant(2026, 2, 4, 18, 0);
    const unconfirmed = await call('1000001', 'GET', '/v1/funds/DEMOF002');
    expect(unconfirmed.json()).toMatchObject({
      fund: {
        code: 'DEMOF002',
        prospectus: {
          version: 3,
          effectiveOn: '2024-01-04',
          confirmed: false,
          revisedSinceConfirmation: false,
        },
      },
    });
    const confirmed = await call('1000001', 'GET', '/v1/funds/DEMOF003');
    expect(confirmed.json()).toMatchObject({ fund: { prospectus: { confirmed: true } } });
    expect((await call('1000001', 'GET', '/v1/funds/NOSUCH00')).statusCode).toBe(404);
  });

  it('tells a revision since the caller confirmed the version before from a prospectus never confirmed', async () => {
    pinned = null;
    const revised = await call('1000001', 'GET', '/v1/funds/DEMOF004');
    expect(revised.json()).toMatchObject({
      fund: { prospectus: { version: 2, confirmed: false, revisedSinceConfirmation: true } },
    });
    const neverConfirmed = await call('1000001', 'GET', '/v1/funds/DEMOF002');
    expect(neverConfirmed.json()).toMatchObject({
      fund: { prospectus: { confirmed: false, revisedSinceConfirmation: false } },
    });
    expect(
      (await call('1000001', 'POST', '/v1/funds/DEMOF004/prospectusConfirmations', 'read-v2')).statusCode,
    ).toBe(201);
    const read = await call('1000001', 'GET', '/v1/funds/DEMOF004');
    expect(read.json()).toMatchObject({
      fund: { prospectus: { version: 2, confirmed: true, revisedSinceConfirmation: false } },
    });
  });

  it('confirms the current prospectus idempotently: the same key replays, a new key changes nothing', async () => {
    pinned = jstInstant(2026, 2, 4, 18, 0);
    const first = await call('1000002', 'POST', '/v1/funds/DEMOF004/prospectusConfirmations', 'confirm-1');
    expect(first.statusCode).toBe(201);
    const replay = await call('1000002', 'POST', '/v1/funds/DEMOF004/prospectusConfirmations', 'confirm-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    pinned = jstInstant(2026, 2, 5, 9, 0);
    const again = await call('1000002', 'POST', '/v1/funds/DEMOF004/prospectusConfirmations', 'confirm-2');
    expect(again.json()).toEqual(first.json()); // the first confirmation time is kept
    const missing = await call('1000002', 'POST', '/v1/funds/DEMOF004/prospectusConfirmations');
    expect(missing.json()).toMatchObject({ code: '400-200' });
  });

  it('answers the NAV history of a range, capped; no future prices', async () => {
    pinned = jstInstant(2026, 2, 4, 18, 0);
    const response = await call('1000001', 'GET', '/v1/funds/DEMOF003/navs?from=2026-01-26&to=2026-02-10');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ navs: { date: string; nav: string; cancellationPrice: string }[] }>();
    expect(body.navs.map((row) => row.date)).toEqual([
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
      '2026-02-02',
      '2026-02-03',
      '2026-02-04',
    ]);
    expect(body.navs[0]!.cancellationPrice).toBe(body.navs[0]!.nav); // no retention fee
    const tooLong = await call('1000001', 'GET', '/v1/funds/DEMOF003/navs?from=2010-01-01&to=2026-01-01');
    expect(tooLong.statusCode).toBe(400);
    const reversed = await call('1000001', 'GET', '/v1/funds/DEMOF003/navs?from=2026-02-01&to=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    const malformed = await call('1000001', 'GET', '/v1/funds/DEMOF003/navs?from=yesterday');
    expect(malformed.statusCode).toBe(400);
  });

  it('documents the funds and orders routes in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    expect(document.paths['/v1/funds']?.['get']?.responses?.['200']).toBeDefined();
    expect(document.paths['/v1/funds/{code}/navs']?.['get']?.responses?.['200']).toBeDefined();
    expect(document.paths['/v1/orders/buy']?.['post']?.responses?.['201']).toBeDefined();
    expect(document.paths['/v1/orders/{orderId}/cancel']?.['post']?.responses?.['200']).toBeDefined();
  });

  it('needs a customer token', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/funds' });
    expect(response.statusCode).toBe(401);
  });
});
