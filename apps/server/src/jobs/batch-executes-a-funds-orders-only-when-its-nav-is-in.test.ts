import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { formatDayReport } from './day-report.ts';
import {
  expectLedgerConsistent,
  importFeedNavs,
  insertCustomer,
  insertFund,
  morningOf,
  orderById,
  runDay,
} from './test/batch-fixtures.ts';

// Issue 27 point 1: no 約定 before its NAV is published. A fund whose NAV of the 約定日 is not in waits,
// the operator is told in the day's report, the other funds go on; the NAV imported later, a rerun of the
// day executes the waiting orders.
describe('the batch executes a fund’s orders only when its NAV of the 約定日 is in', () => {
  let database: TestDatabase;
  const orderIds: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundIds = [
      await insertFund(database, { code: 'NAVINAAA' }),
      await insertFund(database, { code: 'NAVLATEB' }),
    ];
    const customerId = await insertCustomer(database, { fundIds, cash: 100_000n });
    for (const code of ['NAVINAAA', 'NAVLATEB']) {
      await importFeedNavs(database, code, [[['2026-11-30'], 10_000]]);
      const order = await database.db.transaction((tx) =>
        placeBuyOrder(tx, {
          customerId,
          fundCode: code,
          accountType: 'specific',
          orderType: 'AMOUNT',
          amount: 10_000n,
          channel: 'BUY',
          idempotencyKey: `api:nav-wait-${code}`,
          now: morningOf('2026-12-01'),
        }),
      );
      orderIds[code] = order.id;
    }
    await importFeedNavs(database, 'NAVINAAA', [[['2026-12-01'], 12_500]]);
  }, 60_000);
  afterAll(() => database.drop());

  it('batch-without-a-funds-nav-executes-the-other-funds-and-reports-the-waiting-orders', async () => {
    const report = await runDay(database, '2026-12-01');
    expect((await orderById(database, orderIds['NAVINAAA']!)).status).toBe('EXECUTED');
    expect((await orderById(database, orderIds['NAVLATEB']!)).status).toBe('ORDERED');
    expect(report.waitingForNav).toEqual([{ fundCode: 'NAVLATEB', tradeDate: '2026-12-01', orders: 1 }]);
    expect(formatDayReport(report)).toContain(
      'WAITING FOR NAV: NAVLATEB 2026-12-01, 1 order(s) not executed',
    );
    await expectLedgerConsistent(database);
  }, 60_000);

  it('batch-rerun-after-the-late-nav-is-imported-executes-the-waiting-orders-at-that-nav', async () => {
    await importFeedNavs(database, 'NAVLATEB', [[['2026-12-01'], 8_000]]);
    const report = await runDay(database, '2026-12-01');
    expect(report.waitingForNav).toEqual([]);
    expect(await orderById(database, orderIds['NAVLATEB']!)).toMatchObject({
      status: 'EXECUTED',
      executedNav: 8_000n,
      executedUnits: 12_500n,
    });
    await expectLedgerConsistent(database);
  }, 60_000);
});
