import { nisaLifetimeUse, nisaRoom } from '@fund/domain';
import { holdings, informations, nisaUsage } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { placeSellOrder } from '../modules/trading/sell-placement.ts';
import { nisaUsageOf } from '../modules/trading/trading.repository.ts';
import {
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  orderById,
  runDays,
} from './test/batch-fixtures.ts';

describe('selling part of a NISA holding frees its 簿価 for the lifetime limit from next January', () => {
  let database: TestDatabase;
  let customerId: string;
  let sellId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCH003' });
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 1_000_000n });
    // from 08-31: the NAV an order on the morning of 09-01 is estimated from (blind pricing)
    await insertNavs(database, fundId, '2026-08-31', '2026-09-30', 10_000n);
    await insertNavs(database, fundId, '2026-10-01', '2027-01-08', 12_500n);
    // buy 900,000 yen on Tue 09-01 at NAV 10,000: 900,000 units, 簿価 900,000, settles Fri 09-04
    await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCH003',
        accountType: 'nisa2_growth',
        orderType: 'AMOUNT',
        amount: 900_000n,
        channel: 'BUY',
        idempotencyKey: 'api:nisa-buy',
        now: morningOf('2026-09-01'),
      }),
    );
    await runDays(database, '2026-09-01', '2026-09-04');
    // sell 300,000 of the 900,000 units on Thu 10-01 at NAV 12,500: settles Tue 10-06
    const sell = await database.db.transaction((tx) =>
      placeSellOrder(tx, {
        customerId,
        fundCode: 'BATCH003',
        accountType: 'nisa2_growth',
        orderType: 'QUANTITY',
        units: 300_000n,
        channel: 'SELL',
        idempotencyKey: 'api:nisa-sell',
        now: morningOf('2026-10-01'),
      }),
    );
    expect(sell).toMatchObject({ nisaBucket: 'growth', nisaAmount: 0n, settlementDate: '2026-10-06' });
    sellId = sell.id;
  }, 60_000);
  afterAll(() => database.drop());

  it('frees ⌊900,000 × 300,000 ÷ 900,000⌋ = 300,000 of 簿価 in 2026, tax-free, proceeds 375,000', async () => {
    await runDays(database, '2026-10-01', '2026-10-06');
    expect(await orderById(database, sellId)).toMatchObject({
      status: 'COMPLETED',
      executedUnits: 300_000n,
      // ⌊300,000 × 12,500 ÷ 10,000⌋ = 375,000, no tax in NISA
      executedAmount: 375_000n,
      taxWithheld: 0n,
    });
    const [holding] = await database.db.select().from(holdings).where(eq(holdings.customerId, customerId));
    expect(holding).toMatchObject({ units: 600_000n, bookValue: 600_000n, reservedUnits: 0n });
    const rows = await database.db.select().from(nisaUsage).where(eq(nisaUsage.customerId, customerId));
    expect(rows.map((row) => [row.year, row.bucket, row.purchased, row.freed])).toEqual([
      [2026, 'growth', 900_000n, 300_000n],
    ]);
    await expectLedgerConsistent(database);
  }, 60_000);

  it('still counts 900,000 of lifetime use in 2026 but only 600,000 from 2027; the annual limit is not restored', async () => {
    const usage = await database.db.transaction((tx) => nisaUsageOf(tx, customerId));
    expect(nisaLifetimeUse(usage, 2026)).toEqual({ total: 900_000n, growth: 900_000n });
    expect(nisaLifetimeUse(usage, 2027)).toEqual({ total: 600_000n, growth: 600_000n });
    // 2026 growth annual room: 2,400,000 − 900,000 = 1,500,000 (the sale gives nothing back)
    expect(nisaRoom(usage, 2026).growthAnnual).toBe(1_500_000n);
    // lifetime room 18,000,000 − 900,000 in 2026, − 600,000 from 2027
    expect(nisaRoom(usage, 2026).lifetime).toBe(17_100_000n);
    expect(nisaRoom(usage, 2027).lifetime).toBe(17_400_000n);
  }, 60_000);

  it('tells the customer on the first business day of 2027 (01-04) that 300,000 of lifetime room is back', async () => {
    await runDays(database, '2026-12-30', '2027-01-04');
    const notices = await database.db
      .select()
      .from(informations)
      .where(eq(informations.customerId, customerId));
    const revival = notices.filter((notice) => notice.title === 'NISA生涯投資枠の復活のお知らせ');
    expect(revival).toHaveLength(1);
    expect(revival[0]!.body).toContain('300,000円');
    await expectLedgerConsistent(database);
  }, 60_000);
});
