import { informations } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant, type IsoDate } from '@fund/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { businessInstant } from './daily-batch.ts';
import { insertCustomer, insertFund, insertNavs, morningOf, runDay } from './test/batch-fixtures.ts';

// Issue 25: the notices the batch posts carried the machine's time, not the business date they belong
// to: the demo CLI ran 12-23 on a machine whose clock read 11-28, and the 12-23 notice showed 2026-11-28.

describe('a notice the batch posts for 12-23 carries 12-23', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(() => database.drop());

  async function noticesOfABuyExecutedOn(date: string, code: string, wallClock: Date) {
    const fundId = await insertFund(database, { code });
    await insertNavs(database, fundId, '2026-12-01', '2026-12-31', 10_000n);
    const customerId = await insertCustomer(database, { fundIds: [fundId], cash: 100_000n });
    await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: code,
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 10_000n,
        channel: 'BUY',
        idempotencyKey: `api:${code}`,
        now: morningOf(date),
      }),
    );
    await runDay(database, date, { now: () => wallClock });
    return database.db
      .select({ title: informations.title, publishedAt: informations.publishedAt })
      .from(informations)
      .where(eq(informations.customerId, customerId));
  }

  it('run on a machine whose clock reads 11-28: 12-23 at the batch time (18:00 JST)', async () => {
    const notices = await noticesOfABuyExecutedOn('2026-12-23', 'NOTE1223', jstInstant(2026, 11, 28, 10, 0));
    expect(notices).toEqual([{ title: '買付約定のお知らせ', publishedAt: jstInstant(2026, 12, 23, 18, 0) }]);
  }, 60_000);

  it('run on the evening of the date itself: the moment it was posted', async () => {
    const evening = jstInstant(2026, 12, 22, 19, 5);
    const notices = await noticesOfABuyExecutedOn('2026-12-22', 'NOTE1222', evening);
    expect(notices).toEqual([{ title: '買付約定のお知らせ', publishedAt: evening }]);
  }, 60_000);

  it('the instant of a business date: the wall clock on that date (JST), else the date at the batch time', () => {
    const batchTime = { hour: 18, minute: 0 };
    const date = '2026-12-23' as IsoDate;
    // 00:30 JST of 12-24 is still 12-23 in UTC: the JST date decides
    expect(businessInstant(date, jstInstant(2026, 12, 24, 0, 30), batchTime)).toEqual(
      jstInstant(2026, 12, 23, 18, 0),
    );
    expect(businessInstant(date, jstInstant(2026, 12, 23, 8, 59), batchTime)).toEqual(
      jstInstant(2026, 12, 23, 8, 59),
    );
    expect(businessInstant(date, jstInstant(2027, 1, 4, 18, 0), { hour: 19, minute: 30 })).toEqual(
      jstInstant(2026, 12, 23, 19, 30),
    );
  });
});
