import { cashflowsQuerySchema } from '@fund/contracts';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryService } from '../modules/history/history.service.ts';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { placeSellOrder } from '../modules/trading/sell-placement.ts';
import {
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  orderById,
  runDays,
} from './test/batch-fixtures.ts';

// Issue 25: 入出金 listed a sale's proceeds (解約代金) but no line for the money a buy took from お預り金.
// The rule (decision 038): 入出金 lists every movement of お預り金, so a spot buy's payment is an 出金 on its
// 受渡日 beside the sale's 入金.
describe('入出金 lists a buy paid from お預り金 as an 出金, as it lists a sale as an 入金', () => {
  let database: TestDatabase;
  let customerId: string;
  let buySettlement: string;
  let sellSettlement: string;
  let buyId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCHCFL' });
    await insertNavs(database, fundId, '2026-10-30', '2026-12-10', 10_000n);
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 100_000n });
    const buy = await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCHCFL',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 23_000n,
        channel: 'BUY',
        idempotencyKey: 'api:cashflow-buy',
        now: morningOf('2026-11-02'),
      }),
    );
    await runDays(database, '2026-11-02', '2026-11-09');
    const sell = await database.db.transaction((tx) =>
      placeSellOrder(tx, {
        customerId,
        fundCode: 'BATCHCFL',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 10_000n,
        channel: 'SELL',
        idempotencyKey: 'api:cashflow-sell',
        now: morningOf('2026-11-10'),
      }),
    );
    await runDays(database, '2026-11-10', '2026-11-20');
    buyId = buy.id;
    buySettlement = (await orderById(database, buy.id)).settlementDate;
    sellSettlement = (await orderById(database, sell.id)).settlementDate;
  }, 120_000);
  afterAll(() => database.drop());

  it('has the buy’s 23,000 yen as 出金 買付代金 on its 受渡日 and the sale’s proceeds as 入金 解約代金', async () => {
    expect((await orderById(database, buyId)).status).toBe('COMPLETED');
    const history = new HistoryService(database.db, () => new Date('2026-11-20T09:00:00Z'));
    const answer = await history.cashflows(customerId, cashflowsQuerySchema.parse({}));
    expect(
      answer.cashflows.map((flow) => [flow.type, flow.description, flow.amount, flow.occurredOn]),
    ).toEqual([
      ['deposit', '解約代金', '10000', sellSettlement],
      ['withdraw', '買付代金', '23000', buySettlement],
      // the fixture's opening 振込入金 (decision 035: every credit has its source)
      ['deposit', '振込入金', '100000', '2026-01-05'],
    ]);
    const withdrawals = await history.cashflows(customerId, cashflowsQuerySchema.parse({ type: 'withdraw' }));
    expect(withdrawals.cashflows.map((flow) => flow.description)).toEqual(['買付代金']);
    await expectLedgerConsistent(database);
  }, 60_000);
});
