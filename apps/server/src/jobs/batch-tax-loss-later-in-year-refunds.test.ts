import { trades, yearlyTaxStates } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { FundFeedRefused } from '../modules/fund-feed/fund-feed.service.ts';
import { placeSellOrder } from '../modules/trading/sell-placement.ts';
import {
  cashOf,
  importFeedNavs,
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  morningOf,
  orderById,
  runDays,
} from './test/batch-fixtures.ts';

describe('in the specific account a loss later in the year refunds tax withheld on an earlier gain', () => {
  let database: TestDatabase;
  let customerId: string;

  async function sell(key: string, date: string) {
    const order = await database.db.transaction((tx) =>
      placeSellOrder(tx, {
        customerId,
        fundCode: 'BATCH004',
        accountType: 'specific',
        orderType: 'QUANTITY',
        units: 500_000n,
        channel: 'SELL',
        idempotencyKey: key,
        now: morningOf(date),
      }),
    );
    return order.id;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCH004' });
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 1_000_000n });
    // 05-29: the NAV an order placed on the morning of 06-01 is estimated from (blind pricing)
    const report = await importFeedNavs(database, 'BATCH004', [
      [['2026-05-29', '2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05'], 10_000],
      [['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12'], 12_000],
      [['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19'], 9_000],
    ]);
    expect(report.navs).toEqual({ inserted: 16, unchanged: 0 });
    // buy 1,000,000 yen at 10,000: 1,000,000 units, 個別元本 10,000
    await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCH004',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 1_000_000n,
        channel: 'BUY',
        idempotencyKey: 'api:tax-buy',
        now: morningOf('2026-06-01'),
      }),
    );
    await runDays(database, '2026-06-01', '2026-06-05');
  }, 60_000);
  afterAll(() => database.drop());

  it('withholds 20,315 on a gain of 100,000 (500,000 units at 12,000: 600,000 − 500,000)', async () => {
    const first = await sell('api:tax-sell-1', '2026-06-08');
    await runDays(database, '2026-06-08', '2026-06-12');
    // 15,315 income tax (15.315 %) + 5,000 resident tax (5 %)
    expect(await orderById(database, first)).toMatchObject({
      status: 'COMPLETED',
      executedAmount: 600_000n,
      taxWithheld: 20_315n,
    });
    // cash: 1,000,000 − 1,000,000 (buy) + 600,000 − 20,315 = 579,685
    expect(await cashOf(database, customerId)).toBe(579_685n);
    await expectLedgerConsistent(database);
  }, 60_000);

  it('refunds 10,158 on a loss of 50,000 (500,000 units at 9,000: 450,000 − 500,000)', async () => {
    const second = await sell('api:tax-sell-2', '2026-06-15');
    await runDays(database, '2026-06-15', '2026-06-19');
    // year net 100,000 − 50,000 = 50,000 owes ⌊7,657.5⌋ = 7,657 + 2,500: back come 15,315 − 7,657 = 7,658 and 5,000 − 2,500 = 2,500
    expect(await orderById(database, second)).toMatchObject({
      status: 'COMPLETED',
      executedAmount: 450_000n,
      taxWithheld: -10_158n,
    });
    // cash: 579,685 + 450,000 + 10,158 = 1,039,843
    expect(await cashOf(database, customerId)).toBe(1_039_843n);
    const [state] = await database.db
      .select()
      .from(yearlyTaxStates)
      .where(and(eq(yearlyTaxStates.customerId, customerId), eq(yearlyTaxStates.year, 2026)));
    expect(state).toMatchObject({ netGain: 50_000n, incomeTaxWithheld: 7_657n, residentTaxWithheld: 2_500n });
    const taxTrades = await database.db
      .select({ side: trades.side, amount: trades.amount, taxWithheld: trades.taxWithheld })
      .from(trades)
      .where(and(eq(trades.customerId, customerId), eq(trades.type, 'CAPITAL_GAIN')))
      .orderBy(trades.settlementDate);
    expect(taxTrades).toEqual([
      { side: 'OUT', amount: 20_315n, taxWithheld: 20_315n },
      { side: 'IN', amount: 10_158n, taxWithheld: -10_158n },
    ]);
    await expectLedgerConsistent(database);
  }, 60_000);

  it('nav-feed-refuses-a-file-that-contradicts-a-stored-nav-or-names-an-unknown-fund-importing-nothing', async () => {
    await expect(importFeedNavs(database, 'BATCH004', [[['2026-06-01'], 10_001]])).rejects.toMatchObject({
      problems: [{ where: 'navs[0]', problem: expect.stringMatching(/stored as 10000, not 10001/) }],
    });
    const refusal = importFeedNavs(database, 'NOFUND01', [[['2026-06-22'], 10_000]]);
    await expect(refusal).rejects.toBeInstanceOf(FundFeedRefused);
    await expect(refusal).rejects.toMatchObject({
      problems: [{ problem: expect.stringMatching(/unknown fund NOFUND01/) }],
    });
    // nothing of a refused file is stored: the good first line is not there either
    await expect(
      importFeedNavs(database, 'BATCH004', [
        [['2026-06-22'], 9_100],
        [['2026-06-23'], 0],
      ]),
    ).rejects.toMatchObject({
      problems: [{ where: 'navs[1]', problem: expect.stringMatching(/not a positive/) }],
    });
    const again = await importFeedNavs(database, 'BATCH004', [[['2026-06-19'], 9_000]]);
    expect(again.navs).toEqual({ inserted: 0, unchanged: 1 });
  }, 60_000);
});
