import type { IsoDate } from '@fund/domain';
import { distributionPayments, journalEntries } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { BatchAbortedError, runStep } from './batch-runner.ts';
import { distributionsStep } from './steps/distributions.step.ts';
import {
  expectLedgerConsistent,
  importDistributions,
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  runDays,
  testBatchOptions,
} from './test/batch-fixtures.ts';

// Issue 28 point 2: three holders of one 決算; the run is killed before the second holder's payment
// commits. The first holder's payment stays, the rerun pays the other two, a third run pays nobody: one
// payment per holder per 決算, whatever happens to the process.
describe('a distribution run killed mid-step', () => {
  let database: TestDatabase;
  const paymentDate = '2026-10-20' as IsoDate;
  const context = {
    businessDate: paymentDate,
    now: () => morningOf(paymentDate),
    settings: testBatchOptions,
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, {
      code: 'CRASHDST',
      settlementMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      settlementDay: 15,
    });
    await insertNavs(database, fundId, '2026-09-30', '2026-10-14', 10_000n);
    await insertNavs(database, fundId, '2026-10-15', '2026-10-20', 10_050n);
    for (const name of ['a', 'b', 'c']) {
      const customerId = await insertCustomer(database, { fundIds: [fundId], cash: 200_000n });
      await database.db.transaction((tx) =>
        placeBuyOrder(tx, {
          customerId,
          fundCode: 'CRASHDST',
          accountType: 'specific',
          orderType: 'AMOUNT',
          amount: 100_000n,
          channel: 'BUY',
          idempotencyKey: `api:crash-${name}`,
          now: morningOf('2026-10-01'),
        }),
      );
    }
    await importDistributions(database, '2026-10-19', [
      { fundCode: 'CRASHDST', date: '2026-10-15', per10k: 100, paymentDate },
    ]);
    await runDays(database, '2026-10-01', '2026-10-19');
  }, 180_000);
  afterAll(() => database.drop());

  const payments = async () => (await database.db.select({ n: count() }).from(distributionPayments))[0]!.n;

  it('distribution-rerun-after-a-crash-mid-step-pays-each-holder-once', async () => {
    const items = await distributionsStep.enumerate(database.db, context);
    expect(items).toHaveLength(3);
    await expect(
      runStep({
        db: database.db,
        step: distributionsStep,
        context,
        workerId: 'test',
        workers: 1,
        hooks: {
          beforeCommit: (_step, itemId) => {
            if (itemId === items[1]) throw new Error('killed');
          },
        },
      }),
    ).rejects.toBeInstanceOf(BatchAbortedError);
    expect(await payments()).toBe(1);
    const rerun = await runStep({
      db: database.db,
      step: distributionsStep,
      context,
      workerId: 'test',
      workers: 1,
    });
    expect(rerun.outcomes).toMatchObject({ reinvested: 2 });
    expect(await payments()).toBe(3);
    await runStep({ db: database.db, step: distributionsStep, context, workerId: 'test', workers: 1 });
    expect(await payments()).toBe(3);
    const entries = await database.db
      .select({ n: count() })
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'distribution.paid'));
    // 100,000 units each: 1,000 yen, tax 203, 797 reinvested at 10,050 → 793 units for 797 yen, 0 cash:
    // the entry is the fund's 203 to the tax account, one per holder
    expect(entries[0]!.n).toBe(3);
    await expectLedgerConsistent(database);
  }, 60_000);
});
