// Issue 13, point 5: /v1/assets and /v6/nisaStatusByYear showed different 簿価 for the same NISA units
// (assets at ⌈units × 個別元本 ÷ 10,000⌉, the NISA usage at what the purchases cost). One rule now
// (book-value.ts of @fund/domain): 簿価 = what the units cost, less the pro-rata share of units sold.
import { fundNavs } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { isoDate, jstInstant } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetsService } from '../modules/assets/assets.service.ts';
import { HistoryService } from '../modules/history/history.service.ts';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { placeSellOrder } from '../modules/trading/sell-placement.ts';
import { insertCustomer, insertFund, morningOf, runDays } from './test/batch-fixtures.ts';

describe('two NISA growth buys and a partial sale: the same 簿価 in assets and in the NISA status', () => {
  let database: TestDatabase;
  let customerId: string;
  const evening = jstInstant(2026, 12, 14, 20, 0);

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'NISABV01' });
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 300_000n });
    await database.db.insert(fundNavs).values([
      // 11-30: what an order on the morning of 12-01 is estimated from (blind pricing)
      { fundId, navDate: '2026-11-30', nav: 12_345n },
      { fundId, navDate: '2026-12-01', nav: 12_345n },
      { fundId, navDate: '2026-12-02', nav: 13_579n },
      { fundId, navDate: '2026-12-03', nav: 13_579n },
      { fundId, navDate: '2026-12-04', nav: 13_579n },
      { fundId, navDate: '2026-12-07', nav: 13_579n },
      { fundId, navDate: '2026-12-08', nav: 13_579n },
      { fundId, navDate: '2026-12-09', nav: 13_579n },
      { fundId, navDate: '2026-12-10', nav: 13_579n },
      { fundId, navDate: '2026-12-11', nav: 13_579n },
      { fundId, navDate: '2026-12-14', nav: 13_579n },
    ]);
    const buy = (date: string, key: string) =>
      database.db.transaction((tx) =>
        placeBuyOrder(tx, {
          customerId,
          fundCode: 'NISABV01',
          accountType: 'nisa2_growth',
          orderType: 'AMOUNT',
          amount: 100_000n,
          channel: 'BUY',
          idempotencyKey: key,
          now: morningOf(date),
        }),
      );
    await buy('2026-12-01', 'api:nisa-bv-1');
    await runDays(database, '2026-12-01', '2026-12-01');
    await buy('2026-12-02', 'api:nisa-bv-2');
    await runDays(database, '2026-12-02', '2026-12-07');
    await database.db.transaction((tx) =>
      placeSellOrder(tx, {
        customerId,
        fundCode: 'NISABV01',
        accountType: 'nisa2_growth',
        orderType: 'QUANTITY',
        units: 50_000n,
        channel: 'SELL',
        idempotencyKey: 'api:nisa-bv-sell',
        now: morningOf('2026-12-08'),
      }),
    );
    await runDays(database, '2026-12-08', '2026-12-14');
  }, 120_000);
  afterAll(() => database.drop());

  it('assets show the 簿価 the NISA usage counts: 200,000 − ⌊200,000 × 50,000 ÷ 154,647⌋ = 135,337', async () => {
    // buy 1: 100,000 yen at NAV 12,345 → ⌊100,000 × 10,000 ÷ 12,345⌋ = 81,004 units, 簿価 100,000
    // buy 2: 100,000 yen at NAV 13,579 → ⌊100,000 × 10,000 ÷ 13,579⌋ = 73,643 units, 簿価 100,000
    // held 154,647 units, 簿価 200,000 (at the 個別元本 ⌈(81,004 × 12,345 + 73,643 × 13,579) ÷ 154,647⌉
    // = 12,933 it would be ⌈154,647 × 12,933 ÷ 10,000⌉ = 200,005: the 5 yen assets used to add)
    // sell 50,000 units: ⌊200,000 × 50,000 ÷ 154,647⌋ = ⌊64,663.95⌋ = 64,663 freed; 簿価 left 135,337
    const assets = await new AssetsService(database.db, () => evening).assets(customerId, undefined);
    const holding = assets.holdings.find((row) => row.accountType === 'nisa2_growth');
    expect(holding).toMatchObject({ units: '104647', bookValue: '135337' });

    // the NISA usage: 2026 bought 200,000; the 64,663 freed by the 2026 sale count from 2027
    const history = new HistoryService(database.db, () => evening);
    const in2026 = await history.nisaStatusByYear(customerId, '2026');
    const in2027 = await history.nisaStatusByYear(customerId, '2027');
    expect(in2026.lifetime).toMatchObject({
      used: '200000',
      growthUsed: '200000',
      freedFromNextYear: '64663',
    });
    // what is held in NISA from 2027 on is exactly the 簿価 the assets show
    expect(in2027.lifetime).toMatchObject({ used: holding!.bookValue, growthUsed: holding!.bookValue });
    // and the replayed view of the same day agrees with today's
    const replayed = await new AssetsService(database.db, () => jstInstant(2026, 12, 31, 20, 0)).assets(
      customerId,
      isoDate('2026-12-14'),
    );
    expect(replayed.holdings.find((row) => row.accountType === 'nisa2_growth')?.bookValue).toBe('135337');
  });
});
