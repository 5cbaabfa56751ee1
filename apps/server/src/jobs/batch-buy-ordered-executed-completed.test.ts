import { fundNavs, holdings, trades, type Order } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import {
  cashOf,
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  ledgerSnapshot,
  morningOf,
  orderById,
  runDay,
  runDays,
} from './test/batch-fixtures.ts';

describe('a spot buy of 10,000 yen goes ORDERED → EXECUTED → COMPLETED over the batch days', () => {
  let database: TestDatabase;
  let customerId: string;
  let fundId: string;
  let order: Order;

  beforeAll(async () => {
    database = await createTestDatabase();
    // domestic fund: 約定日 = 申込日 (lag 0), 受渡日 = 約定日 + 3 business days
    fundId = await insertFund(database, { code: 'BATCH001' });
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 100_000n });
    await database.db.insert(fundNavs).values([
      { fundId, navDate: '2026-11-30', nav: 12_000n },
      { fundId, navDate: '2026-12-01', nav: 12_345n },
    ]);
    // Tuesday 2026-12-01 10:00 JST: 申込日 = 約定日 12-01, 受渡日 12-04 (Wed 02, Thu 03, Fri 04)
    order = await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCH001',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 10_000n,
        channel: 'BUY',
        idempotencyKey: 'api:lifecycle-1',
        now: morningOf('2026-12-01'),
      }),
    );
  }, 60_000);
  afterAll(() => database.drop());

  it('is placed ORDERED with 約定日 12-01 and 受渡日 12-04; 10,000 yen move from cash to unsettled', async () => {
    expect(order).toMatchObject({ status: 'ORDERED', tradeDate: '2026-12-01', settlementDate: '2026-12-04' });
    expect(await cashOf(database, customerId)).toBe(90_000n);
    expect(await cashOf(database, customerId, 'customer_unsettled')).toBe(10_000n);
  }, 60_000);

  it('is EXECUTED on 12-01 at NAV 12,345: ⌊10,000 × 10,000 ÷ 12,345⌋ = ⌊8,100.44⌋ = 8,100 units', async () => {
    const report = await runDay(database, '2026-12-01');
    expect(report.steps.find((step) => step.step === 'execute-orders')?.outcomes).toEqual({
      'buy-executed': 1,
    });
    expect(await orderById(database, order.id)).toMatchObject({
      status: 'EXECUTED',
      executedUnits: 8_100n,
      executedAmount: 10_000n,
      executedNav: 12_345n,
      executedPrice: 12_345n,
    });
    await expectLedgerConsistent(database);
  }, 60_000);

  it('stays EXECUTED on 12-02 and 12-03, and is COMPLETED on its 受渡日 12-04', async () => {
    await runDays(database, '2026-12-02', '2026-12-03');
    expect((await orderById(database, order.id)).status).toBe('EXECUTED');
    await runDay(database, '2026-12-04');
    expect((await orderById(database, order.id)).status).toBe('COMPLETED');
    // 個別元本 = ⌈(0 × 0 + 8,100 × 12,345) ÷ 8,100⌉ = 12,345; 簿価 = 10,000
    const [holding] = await database.db.select().from(holdings).where(eq(holdings.customerId, customerId));
    expect(holding).toMatchObject({
      units: 8_100n,
      reservedUnits: 0n,
      bookValue: 10_000n,
      costBasisPer10k: 12_345n,
    });
    const [trade] = await database.db.select().from(trades).where(eq(trades.orderId, order.id));
    expect(trade).toMatchObject({
      type: 'FUND',
      side: 'BUY',
      units: 8_100n,
      amount: 10_000n,
      settlementDate: '2026-12-04',
    });
    // cash 100,000 − 10,000 = 90,000; nothing left unsettled
    expect(await cashOf(database, customerId)).toBe(90_000n);
    expect(await cashOf(database, customerId, 'customer_unsettled')).toBe(0n);
    await expectLedgerConsistent(database);
  }, 60_000);

  it('changes nothing when the days are run again', async () => {
    const before = await ledgerSnapshot(database);
    const reports = await runDays(database, '2026-12-01', '2026-12-04');
    expect(await ledgerSnapshot(database)).toEqual(before);
    const executeOn01 = reports[0]!.steps.find((step) => step.step === 'execute-orders');
    expect(executeOn01).toMatchObject({ items: 1, alreadyDone: 1, outcomes: {} });
    await expectLedgerConsistent(database);
  }, 60_000);
});
