import { batchStepRuns, journalEntries, orders, trades } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { BatchAbortedError } from './batch-runner.ts';
import {
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  runDay,
} from './test/batch-fixtures.ts';

/** Ten customers each place two buys on 2026-12-01 in a fund that settles on the 約定日 (lag 0). */
async function seedOrders(database: TestDatabase, code: string): Promise<number> {
  const fundId = await insertFund(database, { code, buySettlementLagDays: 0 });
  await insertNavs(database, fundId, '2026-11-30', '2026-12-04', 10_000n);
  for (let customer = 0; customer < 10; customer += 1) {
    const customerId = await insertCustomer(database, { fundIds: [fundId], cash: 100_000n });
    for (let order = 0; order < 2; order += 1) {
      await database.db.transaction((tx) =>
        placeBuyOrder(tx, {
          customerId,
          fundCode: code,
          accountType: 'specific',
          orderType: 'AMOUNT',
          amount: 10_000n + BigInt(order) * 1_000n,
          channel: 'BUY',
          idempotencyKey: `api:${code}-${customer}-${order}`,
          now: morningOf('2026-12-01'),
        }),
      );
    }
  }
  return 20;
}

async function expectEachOrderOnce(database: TestDatabase, total: number) {
  const statuses = await database.db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .groupBy(orders.status);
  expect(statuses).toEqual([{ status: 'COMPLETED', n: total }]);
  // per order: one buy.placed, one buy.settled entry, one FUND trade
  const [settled] = await database.db
    .select({ n: count() })
    .from(journalEntries)
    .where(eq(journalEntries.kind, 'buy.settled'));
  expect(settled?.n).toBe(total);
  const perOrder = await database.db.execute(
    sql`SELECT order_id, count(*)::int AS n FROM trades WHERE type = 'FUND' GROUP BY order_id HAVING count(*) <> 1`,
  );
  expect((perOrder as unknown as { rows: unknown[] }).rows).toEqual([]);
  // (the customers' opening 振込入金 are CASH_TRANSFER trades of their own)
  const [tradeCount] = await database.db.select({ n: count() }).from(trades).where(eq(trades.type, 'FUND'));
  expect(tradeCount?.n).toBe(total);
}

describe.skipIf(!process.env.DATABASE_URL)('two workers over the same day (PostgreSQL)', () => {
  let database: TestDatabase;
  let total: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    total = await seedOrders(database, 'BATCH007');
  }, 60_000);
  afterAll(() => database.drop());

  it('execute and settle each order exactly once, claiming items with FOR UPDATE SKIP LOCKED', async () => {
    const [first, second] = await Promise.all([
      runDay(database, '2026-12-01', { workers: 2, workerId: 'worker-a' }),
      runDay(database, '2026-12-01', { workers: 2, workerId: 'worker-b' }),
    ]);
    const executedBy = (report: typeof first) =>
      report.steps.find((step) => step.step === 'execute-orders')?.outcomes['buy-executed'] ?? 0;
    expect(executedBy(first) + executedBy(second)).toBe(total);
    await expectEachOrderOnce(database, total);
    // every item finished in one attempt
    const runs = await database.db
      .select({ attempts: batchStepRuns.attempts, n: count() })
      .from(batchStepRuns)
      .where(and(eq(batchStepRuns.businessDate, '2026-12-01'), eq(batchStepRuns.step, 'execute-orders')))
      .groupBy(batchStepRuns.attempts);
    expect(runs).toEqual([{ attempts: 1, n: total }]);
    await expectLedgerConsistent(database);
  }, 60_000);
});

describe('a run that crashes mid-way resumes where it stopped', () => {
  let database: TestDatabase;
  let total: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    total = await seedOrders(database, 'BATCH008');
  }, 60_000);
  afterAll(() => database.drop());

  it('loses only the item in flight: 7 settled orders stay settled, a rerun settles the other 13 once', async () => {
    let settledInThisRun = 0;
    const crash = runDay(database, '2026-12-01', {
      hooks: {
        beforeCommit(step) {
          if (step !== 'settle-orders') return;
          settledInThisRun += 1;
          // the 8th settlement dies before its commit, as a killed process would
          if (settledInThisRun === 8) throw new Error('simulated crash');
        },
      },
    });
    await expect(crash).rejects.toBeInstanceOf(BatchAbortedError);
    const statuses = await database.db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .groupBy(orders.status)
      .orderBy(orders.status);
    expect(statuses).toEqual([
      { status: 'EXECUTED', n: total - 7 },
      { status: 'COMPLETED', n: 7 },
    ]);
    await expectLedgerConsistent(database);

    const rerun = await runDay(database, '2026-12-01');
    expect(rerun.steps.find((step) => step.step === 'execute-orders')).toMatchObject({
      alreadyDone: total,
      outcomes: {},
    });
    expect(rerun.steps.find((step) => step.step === 'settle-orders')).toMatchObject({
      items: total,
      alreadyDone: 7,
      outcomes: { 'buy-settled': total - 7 },
    });
    await expectEachOrderOnce(database, total);
    await expectLedgerConsistent(database);
  }, 60_000);
});
