import { cashflows, journalEntries, nisaUsage, orders, trades, type NewTrade } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, insertFund, send, TestClock } from '../../test/trading-fixtures.ts';

const startup = 60_000;

let database: TestDatabase;
let app: App;
const clock = new TestClock();
let investorToken: string;
let otherToken: string;
let taxableToken: string;

const investor = '2300001';
const other = '2300002';
const taxableOnly = '2300003';

interface TradesAnswer {
  trades: {
    id: string;
    type: string;
    settlementDate: string;
    amount: string;
    fund: { code: string } | null;
  }[];
  paging: { page: number; pageSize: number; total: number };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const fundId = await insertFund(db, { code: 'HISTF001' });
  const customerId = await insertCustomer(db, investor);
  const otherId = await insertCustomer(db, other);
  await insertCustomer(db, taxableOnly, { accounts: ['specific'] });

  // 25 trades: 15 fund buys, 5 cash transfers, 5 capital-gain tax lines, several on one settlement date
  const rows: NewTrade[] = [];
  for (let index = 0; index < 25; index += 1) {
    const day = String(1 + (index % 8)).padStart(2, '0');
    const date = `2026-10-${day}`;
    if (index < 15) {
      rows.push({
        customerId,
        accountType: 'specific',
        fundId,
        type: 'FUND',
        side: 'BUY',
        units: 10_000n + BigInt(index),
        pricePer10k: 10_000n,
        amount: 10_000n + BigInt(index),
        tradeDate: date,
        settlementDate: date,
      });
    } else {
      rows.push({
        customerId,
        type: index < 20 ? 'CASH_TRANSFER' : 'CAPITAL_GAIN',
        side: index < 20 ? 'IN' : 'OUT',
        amount: BigInt(index),
        tradeDate: date,
        settlementDate: date,
      });
    }
  }
  rows.push({
    customerId: otherId,
    type: 'CASH_TRANSFER',
    side: 'IN',
    amount: 1n,
    tradeDate: '2026-10-01',
    settlementDate: '2026-10-01',
  });
  await db.insert(trades).values(rows);

  // cashflows: three deposits and a withdrawal of the investor, one deposit of the other customer
  const flows = [
    [customerId, 'deposit', 100_000n, '2026-09-01', '振込入金'],
    [customerId, 'deposit', 30_000n, '2026-10-27', '定額入金'],
    [customerId, 'withdraw', 20_000n, '2026-10-28', '出金'],
    [customerId, 'deposit', 30_000n, '2026-11-27', '定額入金'],
    [otherId, 'deposit', 1_000n, '2026-10-01', '振込入金'],
  ] as const;
  for (const [owner, type, amount, occurredOn, description] of flows) {
    const [entry] = await db
      .insert(journalEntries)
      .values({ kind: type, businessDate: occurredOn, customerId: owner })
      .returning({ id: journalEntries.id });
    await db.insert(cashflows).values({
      customerId: owner,
      type,
      amount,
      occurredOn,
      description,
      journalEntryId: entry!.id,
    });
  }

  // NISA use (簿価): 2025 both annual limits used, growth 500,000 sold in 2025; 2026 つみたて 600,000,
  // growth 1,000,000 of which 100,000 held by an order settling on 2026-11-27, growth 300,000 sold in 2026
  await db.insert(nisaUsage).values([
    { customerId, year: 2025, bucket: 'tsumitate', purchased: 1_200_000n, freed: 0n },
    { customerId, year: 2025, bucket: 'growth', purchased: 2_400_000n, freed: 500_000n },
    { customerId, year: 2026, bucket: 'tsumitate', purchased: 600_000n, freed: 0n },
    { customerId, year: 2026, bucket: 'growth', purchased: 1_000_000n, freed: 300_000n },
  ]);
  await db.insert(orders).values({
    customerId,
    accountType: 'nisa2_growth',
    fundId,
    channel: 'BUY',
    orderType: 'AMOUNT',
    idempotencyKey: 'history-test-nisa-buy',
    requestedAmount: 100_000n,
    applicationDate: '2026-11-20',
    tradeDate: '2026-11-20',
    settlementDate: '2026-11-27',
    cancelDeadline: jstInstant(2026, 11, 20, 15),
    nisaBucket: 'growth',
    nisaAmount: 100_000n,
  });

  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { ...manySignInsEnv },
    clock,
  });
  investorToken = await accessTokenOf(app, investor);
  otherToken = await accessTokenOf(app, other);
  taxableToken = await accessTokenOf(app, taxableOnly);
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('GET /v1/trades: TradeType filter and paging', { timeout: startup }, () => {
  it('pages through all trades newest first in a stable order: no row twice, none missing', async () => {
    const pages: TradesAnswer[] = [];
    for (const page of [1, 2, 3]) {
      const response = await send(app, investorToken, 'GET', `/v1/trades?pageSize=10&page=${page}`);
      expect(response.statusCode).toBe(200);
      pages.push(response.json<TradesAnswer>());
    }
    expect(pages.map((page) => page.trades.length)).toEqual([10, 10, 5]);
    expect(pages[0]!.paging).toEqual({ page: 1, pageSize: 10, total: 25 });
    const all = pages.flatMap((page) => page.trades);
    expect(new Set(all.map((trade) => trade.id)).size).toBe(25);
    const dates = all.map((trade) => trade.settlementDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const again = await send(app, investorToken, 'GET', '/v1/trades?pageSize=25');
    expect(again.json<TradesAnswer>().trades.map((trade) => trade.id)).toEqual(all.map((trade) => trade.id));
  });

  it.each([
    ['ALL', 25],
    ['FUND', 15],
    ['CASH_TRANSFER', 5],
    ['CAPITAL_GAIN', 5],
    ['EQUITY', 0],
    ['SHIP_RECEIPT', 0],
  ])('type=%s gives %i trades', async (type, total) => {
    const response = await send(app, investorToken, 'GET', `/v1/trades?type=${type}&pageSize=100`);
    const answer = response.json<TradesAnswer>();
    expect(answer.paging.total).toBe(total);
    expect(answer.trades).toHaveLength(total);
    if (type !== 'ALL') expect(answer.trades.every((trade) => trade.type === type)).toBe(true);
  });

  it('filters by 受渡日 and shows fund trades with their fund and amounts as strings', async () => {
    const response = await send(
      app,
      investorToken,
      'GET',
      '/v1/trades?type=FUND&from=2026-10-08&to=2026-10-08',
    );
    const answer = response.json<TradesAnswer>();
    // index 7 (10-08) is the only fund buy on the 8th: amount 10,007
    expect(answer.trades).toEqual([
      expect.objectContaining({
        settlementDate: '2026-10-08',
        amount: '10007',
        fund: expect.objectContaining({ code: 'HISTF001' }),
      }),
    ]);
  });

  it('shows only the customer’s own trades', async () => {
    const answer = (await send(app, otherToken, 'GET', '/v1/trades')).json<TradesAnswer>();
    expect(answer.paging.total).toBe(1);
  });

  it.each(['type=STOCK', 'page=0', 'page=1.5', 'pageSize=101', 'pageSize=-1', 'from=2026-10-32', 'extra=1'])(
    'refuses %s with 400',
    async (query) => {
      const response = await send(app, investorToken, 'GET', `/v1/trades?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: '400-000' });
    },
  );
});

describe('GET /v1/cashflows', { timeout: startup }, () => {
  it('lists deposits and withdrawals newest first, filtered by type and date', async () => {
    const all = await send(app, investorToken, 'GET', '/v1/cashflows');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({
      cashflows: [
        { type: 'deposit', amount: '30000', occurredOn: '2026-11-27', description: '定額入金' },
        { type: 'withdraw', amount: '20000', occurredOn: '2026-10-28' },
        { type: 'deposit', amount: '30000', occurredOn: '2026-10-27' },
        { type: 'deposit', amount: '100000', occurredOn: '2026-09-01' },
      ],
      paging: { page: 1, pageSize: 20, total: 4 },
    });
    const deposits = await send(
      app,
      investorToken,
      'GET',
      '/v1/cashflows?type=deposit&from=2026-10-01&to=2026-10-31',
    );
    expect(deposits.json()).toMatchObject({
      cashflows: [{ occurredOn: '2026-10-27' }],
      paging: { total: 1 },
    });
    const second = await send(app, investorToken, 'GET', '/v1/cashflows?page=2&pageSize=3');
    expect(second.json()).toMatchObject({
      cashflows: [{ occurredOn: '2026-09-01' }],
      paging: { page: 2, total: 4 },
    });
  });
});

describe('GET /v6/nisaStatusByYear', { timeout: startup }, () => {
  it('2026: annual use with pending holds, lifetime use and room (arithmetic written out)', async () => {
    const response = await send(app, investorToken, 'GET', '/v6/nisaStatusByYear?year=2026');
    expect(response.statusCode).toBe(200);
    // lifetime use seen in 2026 = purchases ≤ 2026 − sales before 2026
    //   つみたて 1,200,000 + 600,000 = 1,800,000; growth 2,400,000 + 1,000,000 − 500,000 = 2,900,000
    //   total 4,700,000 → room 18,000,000 − 4,700,000 = 13,300,000; growth room 12,000,000 − 2,900,000 = 9,100,000
    // the 300,000 sold in 2026 frees room only from 2027
    expect(response.json()).toEqual({
      year: 2026,
      tsumitate: { annualLimit: '1200000', used: '600000', pending: '0', remaining: '600000' },
      growth: { annualLimit: '2400000', used: '1000000', pending: '100000', remaining: '1400000' },
      lifetime: {
        limit: '18000000',
        used: '4700000',
        remaining: '13300000',
        growthLimit: '12000000',
        growthUsed: '2900000',
        growthRemaining: '9100000',
        freedFromNextYear: '300000',
      },
    });
  });

  it('2025: both annual limits used; the lifetime remaining is 2025’s own, not the later 2026’s', async () => {
    const response = await send(app, investorToken, 'GET', '/v6/nisaStatusByYear?year=2025');
    // 2025 use 3,600,000: 18,000,000 − 3,600,000 = 14,400,000 left; growth 12,000,000 − 2,400,000 = 9,600,000
    // (a new order's room would be 2026's smaller 13,300,000 / 9,100,000: issue 13.5, the view showed those)
    expect(response.json()).toMatchObject({
      year: 2025,
      tsumitate: { used: '1200000', remaining: '0' },
      growth: { used: '2400000', pending: '0', remaining: '0' },
      lifetime: {
        used: '3600000',
        remaining: '14400000',
        growthUsed: '2400000',
        growthRemaining: '9600000',
        freedFromNextYear: '500000',
      },
    });
  });

  it('defaults to this year (JST)', async () => {
    clock.instant = jstInstant(2026, 1, 1, 0, 5);
    expect((await send(app, investorToken, 'GET', '/v6/nisaStatusByYear')).json()).toMatchObject({
      year: 2026,
    });
    clock.instant = new Date();
  });

  it('a customer without a NISA account gets the pass-through code 400-666 with a Japanese message', async () => {
    const response = await send(app, taxableToken, 'GET', '/v6/nisaStatusByYear?year=2026');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: '400-666', message: expect.stringContaining('NISA口座') });
  });

  it.each(['year=2023', 'year=26', 'year=2026.0', 'year=abcd'])('refuses %s with 400', async (query) => {
    const response = await send(app, investorToken, 'GET', `/v6/nisaStatusByYear?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-000' });
  });
});

describe('OpenAPI', { timeout: startup }, () => {
  it('documents the plan, asset and history routes with their answers', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    for (const [path, method, status] of [
      ['/v1/recurringPurchases', 'get', '200'],
      ['/v1/recurringPurchases', 'post', '201'],
      ['/v1/recurringPurchases/{id}', 'put', '200'],
      ['/v1/recurringPurchases/{id}/suspend', 'post', '200'],
      ['/v1/scheduledSells', 'post', '201'],
      ['/v1/monthlyDeposit', 'put', '200'],
      ['/v1/assets', 'get', '200'],
      ['/v1/assets/history', 'get', '200'],
      ['/v1/cashflows', 'get', '200'],
      ['/v1/trades', 'get', '200'],
      ['/v6/nisaStatusByYear', 'get', '200'],
    ] as const) {
      expect(document.paths[path]?.[method]?.responses?.[status], `${method} ${path}`).toBeDefined();
    }
  });
});
