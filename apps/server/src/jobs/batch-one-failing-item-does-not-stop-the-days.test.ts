import { informations, orders } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { rowsOf } from './batch-data.repository.ts';
import { lastFinishedDay } from './batch-days.repository.ts';
import { formatDayReport, type DayReport } from './day-report.ts';
import {
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  orderById,
  runDays,
} from './test/batch-fixtures.ts';

// Issue 25, point 4: one customer's failing item stopped the night's batch after its date, so every later
// step and date waited for everyone. Now the item is recorded FAILED, the day is done for everyone else,
// the following dates run, and every later run retries it (in its own date's context) until it succeeds.

const settleOf = (report: DayReport | undefined) =>
  report?.steps.find((step) => step.step === 'settle-orders');

describe('a failing item does not stop the days: it is recorded, reported and retried by the next run', () => {
  let database: TestDatabase;
  let poisoned: string;
  let healthy: string;

  const buy = async (customerId: string, key: string) =>
    (
      await database.db.transaction((tx) =>
        placeBuyOrder(tx, {
          customerId,
          fundCode: 'RETRY001',
          accountType: 'specific',
          orderType: 'AMOUNT',
          amount: 30_000n,
          channel: 'BUY',
          idempotencyKey: key,
          now: morningOf('2026-12-01'),
        }),
      )
    ).id;

  beforeAll(async () => {
    database = await createTestDatabase();
    // 受渡 one business day after the 約定日: a buy ordered on 12-01 executes on 12-01, settles on 12-02
    const fundId = await insertFund(database, { code: 'RETRY001', buySettlementLagDays: 1 });
    await insertNavs(database, fundId, '2026-11-30', '2026-12-10', 10_000n);
    const first = await insertCustomer(database, { fundIds: [fundId], cash: 100_000n });
    const second = await insertCustomer(database, { fundIds: [fundId], cash: 100_000n });
    poisoned = await buy(first, 'api:retry-poisoned');
    healthy = await buy(second, 'api:retry-healthy');
    // one customer's data the database refuses (as a broken row would): its order cannot be executed
    await database.db.execute(
      sql.raw(`CREATE FUNCTION retry_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id::text = TG_ARGV[0] AND NEW.status = 'EXECUTED' THEN
          RAISE EXCEPTION 'order % refused by the test', NEW.id;
        END IF;
        RETURN NEW;
      END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER retry_test_refuse BEFORE UPDATE ON orders
        FOR EACH ROW EXECUTE FUNCTION retry_test_refuse('${poisoned}')`),
    );
  }, 60_000);
  afterAll(() => database.drop());

  it('finishes 12-01 for the other customer and runs 12-02 and 12-03; the failed item is listed open', async () => {
    const reports = await runDays(database, '2026-12-01', '2026-12-03');
    expect(reports.map((report) => report.businessDate)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    // the other customer's buy went on: executed 12-01, settled 12-02
    expect((await orderById(database, healthy)).status).toBe('COMPLETED');
    expect(settleOf(reports[1])).toMatchObject({ items: 1, outcomes: { 'buy-settled': 1 } });
    // the failed order was never settled: not EXECUTED, so no settlement item is due for it
    expect((await orderById(database, poisoned)).status).toBe('ORDERED');
    const settlementItems = await rowsOf(
      database.db,
      sql`SELECT item_id FROM batch_step_runs WHERE step = 'settle-orders' AND item_id = ${poisoned}`,
    );
    expect(settlementItems).toEqual([]);
    // every date is done: the scheduler goes on from 12-04
    expect(await lastFinishedDay(database.db)).toBe('2026-12-03');

    const first = reports[0]!;
    expect(first.unfinished).toBe(1);
    expect(first.openFailures).toEqual([
      expect.objectContaining({
        step: 'execute-orders',
        businessDate: '2026-12-01',
        itemId: poisoned,
        attempts: 1,
        lastError: expect.stringContaining('refused by the test'),
      }),
    ]);
    // a later date tries the order again (it is still ORDERED and due) and the report keeps the first one
    const last = reports[2]!;
    expect(last.openFailures.map((item) => [item.step, item.businessDate])).toEqual([
      ['execute-orders', '2026-12-01'],
      ['execute-orders', '2026-12-02'],
      ['execute-orders', '2026-12-03'],
    ]);
    const text = formatDayReport(last);
    expect(text).toContain('3 failed item(s) still open');
    expect(text).toContain(`execute-orders 2026-12-01 ${poisoned} (1 attempt(s)): `);
    expect(text).toContain('refused by the test');
    await expectLedgerConsistent(database);
  }, 60_000);

  it('the next run retries it first, in its own date, and it settles once the cause is gone', async () => {
    // still refused: the next run retries and lists it again, and its date still runs for everyone
    const again = await runDays(database, '2026-12-04', '2026-12-04');
    expect(
      again[0]!.retried.map(({ businessDate, report }) => [businessDate, report.step, report.failed]),
    ).toEqual([
      ['2026-12-01', 'execute-orders', 1],
      ['2026-12-02', 'execute-orders', 1],
      ['2026-12-03', 'execute-orders', 1],
    ]);
    expect(again[0]!.openFailures[0]).toMatchObject({ businessDate: '2026-12-01', attempts: 2 });
    expect(await lastFinishedDay(database.db)).toBe('2026-12-04');

    await database.db.execute(sql`DROP TRIGGER retry_test_refuse ON orders`);
    const [fixed] = await runDays(database, '2026-12-07', '2026-12-07');
    // the 12-01 item is executed as of 12-01; the later copies find it done
    expect(fixed!.retried.map(({ businessDate, report }) => [businessDate, report.outcomes])).toEqual([
      ['2026-12-01', { 'buy-executed': 1 }],
      ['2026-12-02', { 'not-ordered': 1 }],
      ['2026-12-03', { 'not-ordered': 1 }],
      ['2026-12-04', { 'not-ordered': 1 }],
    ]);
    const text = formatDayReport(fixed!);
    expect(text).toContain('retried 2026-12-01 execute-orders');
    expect(text).not.toContain('still open');
    // its settlement was due on 12-02: the 12-07 run settles it (a missed 受渡日 is caught up)
    expect(settleOf(fixed)).toMatchObject({ items: 1, outcomes: { 'buy-settled': 1 } });
    expect(fixed!.openFailures).toEqual([]);
    expect(await orderById(database, poisoned)).toMatchObject({
      status: 'COMPLETED',
      executedUnits: 30_000n,
    });
    // the 約定 notice belongs to 12-01 and carries it (18:00 JST, the batch time), not the retry's day
    const [executedNotice] = await database.db
      .select({ publishedAt: informations.publishedAt })
      .from(informations)
      .innerJoin(orders, eq(orders.customerId, informations.customerId))
      .where(and(eq(orders.id, poisoned), eq(informations.title, '買付約定のお知らせ')));
    expect(executedNotice?.publishedAt).toEqual(jstInstant(2026, 12, 1, 18, 0));
    await expectLedgerConsistent(database);
  }, 60_000);
});
