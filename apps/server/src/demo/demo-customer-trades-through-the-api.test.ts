// Issue 5 "done when": through the API alone, a demo customer buys, sells, sets up and changes a plan and a
// scheduled sell, and watches orders go ORDERED → EXECUTED → COMPLETED as batch days pass, with assets,
// trades and cashflows that add up and a ledger without violations.
import { seedDemoData, seedDemoFunds, verifyLedger } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { isoDate, jstInstant, type IsoDate } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { runBusinessDays } from '../jobs/daily-batch.ts';
import { noDebitFailures } from '../jobs/steps/recurring-debits.step.ts';
import type { Clock } from '../plugins/clock.plugin.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../test/customer-session.ts';
import { buildTestApp } from '../test/test-app.ts';

const startup = 120_000;
// Past instants: the tokens are signed in real time, so the pinned business clock stays before it (the
// seeded NAVs exist up to the real today). Tuesday 2026-11-10 10:00 JST is before the 15:00 cut-off.
let now = jstInstant(2026, 11, 10, 10, 0);
const clock: Clock = { now: () => new Date(now) };

let database: TestDatabase;
let app: App;
let token: string;

interface OrderAnswer {
  order: {
    id: string;
    status: string;
    tradeDate: string;
    settlementDate: string;
    executedUnits: string | null;
  };
}

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, key?: string) {
  const response = await callAs(app, token, url, {
    method,
    ...(body === undefined ? {} : { payload: body }),
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
  return { status: response.statusCode, body: response.json<T>(), text: response.body };
}

async function passBatchDays(from: IsoDate, until: IsoDate): Promise<void> {
  await runBusinessDays(database, from, until, {
    demoPrices: true,
    debitFailureRule: noDebitFailures,
    purchaseLagBusinessDays: 2,
    workers: 1,
    now: () => new Date(now),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.transaction((tx) => seedDemoFunds(tx, isoDate('2026-11-20')));
  await seedDemoData(database);
  app = await buildTestApp({ database, clock, env: manySignInsEnv });
  token = (await signInCustomer(app, '1000001')).access_token;
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop(); // on PostgreSQL, removes the test's own database
});

describe('demo customer 1000001 trades through the API alone', { timeout: startup }, () => {
  let buyId: string;

  it('buys 50,000 yen of DEMOF003: ORDERED with its three dates', async () => {
    const placed = await call<OrderAnswer>(
      'POST',
      '/v1/orders/buy',
      { fundCode: 'DEMOF003', accountType: 'specific', orderType: 'AMOUNT', amount: '50000' },
      'round-trip-buy',
    );
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.order).toMatchObject({ status: 'ORDERED' });
    buyId = placed.body.order.id;
  });

  it('goes EXECUTED on its 約定日 and COMPLETED on its 受渡日 as batch days pass', async () => {
    const { order } = (await call<OrderAnswer>('GET', `/v1/orders/${buyId}`)).body;
    await passBatchDays(isoDate('2026-11-10'), isoDate(order.tradeDate));
    expect((await call<OrderAnswer>('GET', `/v1/orders/${buyId}`)).body.order.status).toBe('EXECUTED');
    await passBatchDays(isoDate(order.tradeDate), isoDate(order.settlementDate));
    const settled = (await call<OrderAnswer>('GET', `/v1/orders/${buyId}`)).body.order;
    expect(settled.status).toBe('COMPLETED');
    expect(BigInt(settled.executedUnits ?? '0')).toBeGreaterThan(0n);
  });

  it('shows the holding in the assets and the trade in the history', async () => {
    now = jstInstant(2026, 11, 17, 10, 0);
    const assets = await call<{ holdings: { fund: { code: string }; accountType: string; units: string }[] }>(
      'GET',
      '/v1/assets',
    );
    expect(assets.status, assets.text).toBe(200);
    expect(
      assets.body.holdings.some(
        (holding) => holding.fund.code === 'DEMOF003' && holding.accountType === 'specific',
      ),
    ).toBe(true);
    const history = await call<{ trades: unknown[] }>('GET', '/v1/trades?type=FUND');
    expect(history.status, history.text).toBe(200);
    expect(history.body.trades.length).toBeGreaterThan(0);
  });

  it('sets up and changes a recurring plan and a scheduled sell', async () => {
    const plan = await call<{ id: string }>(
      'POST',
      '/v1/recurringPurchases',
      { fundCode: 'DEMOF001', accountType: 'specific', amount: '10000', paymentMethod: 'ACCOUNT_TRANSFER' },
      'round-trip-plan',
    );
    expect(plan.status, plan.text).toBe(201);
    const changed = await call('PUT', `/v1/recurringPurchases/${plan.body.id}`, { amount: '12000' });
    expect(changed.status, changed.text).toBe(200);
    const sell = await call<{ id: string }>(
      'POST',
      '/v1/scheduledSells',
      { fundCode: 'DEMOF003', type: 'QUANTITY', value: '1000', frequency: 'MONTHLY' },
      'round-trip-scheduled-sell',
    );
    expect(sell.status, sell.text).toBe(201);
    const suspended = await call('POST', `/v1/scheduledSells/${sell.body.id}/suspend`);
    expect(suspended.status, suspended.text).toBe(200);
  });

  it('sells everything and receives the proceeds in cash; the ledger has no violation', async () => {
    const placed = await call<OrderAnswer>(
      'POST',
      '/v1/orders/sell',
      { fundCode: 'DEMOF003', accountType: 'specific', orderType: 'ALL' },
      'round-trip-sell',
    );
    expect(placed.status, placed.text).toBe(201);
    const { order } = placed.body;
    await passBatchDays(isoDate('2026-11-17'), isoDate(order.settlementDate));
    expect((await call<OrderAnswer>('GET', `/v1/orders/${order.id}`)).body.order.status).toBe('COMPLETED');
    const flows = await call<{ cashflows: unknown[] }>('GET', '/v1/cashflows');
    expect(flows.status, flows.text).toBe(200);
    expect(flows.body.cashflows.length).toBeGreaterThan(0);
    expect(await verifyLedger(database)).toEqual([]);
  });
});
