import { orders, trades, yearlyTaxStates } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { placeSellOrder } from '../modules/trading/sell-placement.ts';
import {
  expectLedgerConsistent,
  importFeedNavs,
  insertCustomer,
  insertFund,
  morningOf,
  runDays,
} from './test/batch-fixtures.ts';

// Decision 011: the settlement withholds 15.315 % and 5 % of the gain, each rounded down on its own.
describe('a sale in the specific account withholds the two tax parts each rounded down', () => {
  let database: TestDatabase;
  let customerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCHTAX' });
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 1_000_000n });
    const week1 = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05'];
    const week2 = ['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12'];
    // 05-29: the NAV an order placed on the morning of 06-01 is estimated from (blind pricing)
    await importFeedNavs(database, 'BATCHTAX', [
      [['2026-05-29', ...week1], 10_000],
      [week2, 12_000],
    ]);
    // 1,000,000 yen at 10,000: 1,000,000 units, 個別元本 10,000
    await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCHTAX',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 1_000_000n,
        channel: 'BUY',
        idempotencyKey: 'api:split-buy',
        now: morningOf('2026-06-01'),
      }),
    );
    await runDays(database, '2026-06-01', '2026-06-05');
  }, 60_000);
  afterAll(() => database.drop());

  it('withholds 15,317 + 5,000 = 20,317 on a gain of 100,019, not the literal 20.315 % (20,318)', async () => {
    // 500,095 units at 12,000: proceeds ⌊500,095 × 12,000 ÷ 10,000⌋ = 600,114, cost 500,095, gain 100,019
    const sell = await database.db.transaction((tx) =>
      placeSellOrder(tx, {
        customerId,
        fundCode: 'BATCHTAX',
        accountType: 'specific',
        orderType: 'QUANTITY',
        units: 500_095n,
        channel: 'SELL',
        idempotencyKey: 'api:split-sell',
        now: morningOf('2026-06-08'),
      }),
    );
    await runDays(database, '2026-06-08', '2026-06-12');
    // income tax ⌊100,019 × 0.15315⌋ = ⌊15,317.90985⌋ = 15,317; resident tax ⌊100,019 × 0.05⌋ = ⌊5,000.95⌋ = 5,000
    const [state] = await database.db
      .select()
      .from(yearlyTaxStates)
      .where(and(eq(yearlyTaxStates.customerId, customerId), eq(yearlyTaxStates.year, 2026)));
    expect(state).toMatchObject({
      netGain: 100_019n,
      incomeTaxWithheld: 15_317n,
      residentTaxWithheld: 5_000n,
    });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, sell.id));
    expect(order).toMatchObject({ status: 'COMPLETED', executedAmount: 600_114n, taxWithheld: 20_317n });
    const [tax] = await database.db
      .select({ amount: trades.amount })
      .from(trades)
      .where(and(eq(trades.orderId, sell.id), eq(trades.type, 'CAPITAL_GAIN')));
    expect(tax).toEqual({ amount: 20_317n });
    await expectLedgerConsistent(database);
  }, 60_000);
});
