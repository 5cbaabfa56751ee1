import { holdings, nisaUsage } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import {
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  orderById,
  runDays,
} from './test/batch-fixtures.ts';

describe('a NISA growth buy placed on 2026-12-28 settles on 2027-01-04 and counts in the 2027 limit', () => {
  let database: TestDatabase;
  let customerId: string;
  let orderId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCH002' });
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 500_000n });
    await insertNavs(database, fundId, '2026-12-01', '2027-01-08', 10_000n);
    // Monday 12-28: 約定日 12-28; 受渡日 + 3 business days = 12-29, 12-30, (12-31 to 01-03 closed) 01-04
    const order = await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCH002',
        accountType: 'nisa2_growth',
        orderType: 'AMOUNT',
        amount: 300_000n,
        channel: 'BUY',
        idempotencyKey: 'api:december-nisa',
        now: morningOf('2026-12-28'),
      }),
    );
    orderId = order.id;
  }, 60_000);
  afterAll(() => database.drop());

  it('holds 300,000 yen of the 2027 growth limit from placing, none of 2026', async () => {
    const rows = await database.db.select().from(nisaUsage).where(eq(nisaUsage.customerId, customerId));
    expect(rows.map((row) => [row.year, row.bucket, row.purchased])).toEqual([[2027, 'growth', 300_000n]]);
  }, 60_000);

  it('executes on 12-28, settles on 2027-01-04: units ⌊300,000 × 10,000 ÷ 10,000⌋ = 300,000, the 2027 use final', async () => {
    await runDays(database, '2026-12-28', '2027-01-03');
    expect((await orderById(database, orderId)).status).toBe('EXECUTED');
    await runDays(database, '2027-01-04', '2027-01-04');
    expect(await orderById(database, orderId)).toMatchObject({
      status: 'COMPLETED',
      settlementDate: '2027-01-04',
    });
    const [holding] = await database.db.select().from(holdings).where(eq(holdings.customerId, customerId));
    expect(holding).toMatchObject({ accountType: 'nisa2_growth', units: 300_000n, bookValue: 300_000n });
    const rows = await database.db.select().from(nisaUsage).where(eq(nisaUsage.customerId, customerId));
    expect(rows.map((row) => [row.year, row.bucket, row.purchased, row.freed])).toEqual([
      [2027, 'growth', 300_000n, 0n],
    ]);
    await expectLedgerConsistent(database);
  }, 60_000);
});
