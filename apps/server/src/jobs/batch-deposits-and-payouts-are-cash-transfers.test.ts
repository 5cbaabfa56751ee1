import { tradesQuerySchema } from '@fund/contracts';
import { monthlyDeposits, scheduledSells } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryService } from '../modules/history/history.service.ts';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import {
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  runDays,
} from './test/batch-fixtures.ts';

// Issue 13 point 7: the trade history's CASH_TRANSFER filter lists the money moved between the
// customer's bank and the service: 毎月の入金 (IN) and the payout of a 定期売却 (OUT).
describe('deposits and payouts are CASH_TRANSFER trades of the trade history', () => {
  let database: TestDatabase;
  let customerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCHCTR' });
    // from 10-30: the NAV an order on the morning of 11-02 is estimated from (blind pricing)
    await insertNavs(database, fundId, '2026-10-30', '2026-12-04', 10_000n);
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 200_000n });
    await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCHCTR',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 100_000n,
        channel: 'BUY',
        idempotencyKey: 'api:transfer-buy',
        now: morningOf('2026-11-02'),
      }),
    );
    await database.db.insert(monthlyDeposits).values({ customerId, amount: 30_000n, debitDay: 10 });
    await database.db
      .insert(scheduledSells)
      .values({ customerId, fundId, type: 'AMOUNT', value: 10_000n, frequency: 'MONTHLY' });
    await runDays(database, '2026-11-02', '2026-11-30');
  }, 120_000);
  afterAll(() => database.drop());

  it('lists the monthly deposit (IN 30,000 on 11-10) and the scheduled-sell payout (OUT 10,000 on 11-25)', async () => {
    const history = new HistoryService(database.db, () => new Date('2026-11-30T09:00:00Z'));
    const answer = await history.trades(customerId, tradesQuerySchema.parse({ type: 'CASH_TRANSFER' }));
    expect(
      answer.trades.map((trade) => [trade.type, trade.side, trade.amount, trade.settlementDate]),
    ).toEqual([
      // ordered on 11-16, paid on the 6th business day after it: 17, 18, 19, 20, 24 (23rd a holiday), 25
      ['CASH_TRANSFER', 'OUT', '10000', '2026-11-25'],
      ['CASH_TRANSFER', 'IN', '30000', '2026-11-10'],
      // the fixture's opening 振込入金, recorded as a 入金 as the real flows do (decision 035)
      ['CASH_TRANSFER', 'IN', '200000', '2026-01-05'],
    ]);
    await expectLedgerConsistent(database);
  }, 60_000);
});
