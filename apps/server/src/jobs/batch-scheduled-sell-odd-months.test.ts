import { cashflows, orders, scheduledSells } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCurrentAssets } from '../modules/assets/assets.repository.ts';
import { unsettledCashBySide } from '../modules/assets/in-transit.repository.ts';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import {
  cashOf,
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  runDay,
  runDays,
} from './test/batch-fixtures.ts';

describe('an ODD_MONTHLY scheduled sell is ordered on the 16th of odd months only and paid on the 6th business day', () => {
  let database: TestDatabase;
  let customerId: string;
  let planId: string;

  const planOrders = () =>
    database.db
      .select()
      .from(orders)
      .where(eq(orders.scheduledSellId, planId))
      .orderBy(orders.applicationDate);

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCH006' });
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 100_000n });
    // from 10-30: the NAV an order on the morning of 11-02 is estimated from (blind pricing)
    await insertNavs(database, fundId, '2026-10-30', '2026-11-06', 10_000n);
    await insertNavs(database, fundId, '2026-11-09', '2027-01-31', 11_000n);
    await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCH006',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 100_000n,
        channel: 'BUY',
        idempotencyKey: 'api:sched-buy',
        now: morningOf('2026-11-02'),
      }),
    );
    // 100,000 units at 10,000; 受渡日 11-06 (11-03 文化の日: 04, 05, 06)
    await runDays(database, '2026-11-02', '2026-11-06');
    const [plan] = await database.db
      .insert(scheduledSells)
      .values({ customerId, fundId, type: 'QUANTITY', value: 10_000n, frequency: 'ODD_MONTHLY' })
      .returning();
    planId = plan!.id;
  }, 60_000);
  afterAll(() => database.drop());

  it('orders 10,000 units on Monday 11-16 (November is odd), settles 11-19 and pays out on 11-25', async () => {
    await runDays(database, '2026-11-16', '2026-11-24');
    const [order] = await planOrders();
    expect(order).toMatchObject({
      channel: 'SCHEDULEDSELL',
      idempotencyKey: `scheduledsell:${planId}:2026-11`,
      applicationDate: '2026-11-16',
      settlementDate: '2026-11-19',
      // ⌊10,000 × 11,000 ÷ 10,000⌋ = 11,000; gain 11,000 − ⌈10,000 × 10,000 ÷ 10,000⌉ = 1,000; tax 153 + 50
      executedAmount: 11_000n,
      taxWithheld: 203n,
      // 6th business day after 11-16: 17, 18, 19, 20, (23 勤労感謝の日) 24, 25
      status: 'TRADED',
    });
    // the proceeds wait in unsettled, not in the spendable cash balance
    expect(await cashOf(database, customerId, 'customer_unsettled')).toBe(10_797n);
    // today's assets read them as money in flight on the sell side (受渡待ち), as a replayed day does
    const today = await readCurrentAssets(
      database.db,
      customerId,
      '2026-11-24',
      '10:00',
      new Date('2026-11-24T15:00:00Z'),
    );
    expect(today.unsettled).toEqual({ buys: 0n, sells: 10_797n });
    expect(today.unsettled).toEqual(await unsettledCashBySide(database.db, customerId, '2026-11-24'));
    await runDay(database, '2026-11-25');
    expect((await planOrders())[0]?.status).toBe('COMPLETED');
    const payouts = await database.db
      .select()
      .from(cashflows)
      .where(and(eq(cashflows.customerId, customerId), eq(cashflows.type, 'withdraw')));
    // the payout, after the 買付代金 of the buy the holding came from (decision 038)
    expect(payouts.map((row) => [row.type, row.amount, row.occurredOn, row.description])).toEqual([
      ['withdraw', 100_000n, '2026-11-06', '買付代金'],
      ['withdraw', 10_797n, '2026-11-25', '定期売却代金のお支払い'],
    ]);
    expect(await cashOf(database, customerId, 'customer_unsettled')).toBe(0n);
    await expectLedgerConsistent(database);
  }, 60_000);

  it('orders nothing on 12-16 (December is even) and again on Monday 2027-01-18 (the 16th is a Saturday)', async () => {
    await runDay(database, '2026-12-16');
    expect(await planOrders()).toHaveLength(1);
    await runDay(database, '2027-01-16');
    expect(await planOrders()).toHaveLength(1);
    await runDay(database, '2027-01-18');
    const placed = await planOrders();
    expect(placed.map((order) => order.applicationDate)).toEqual(['2026-11-16', '2027-01-18']);
    await expectLedgerConsistent(database);
  }, 60_000);
});
