import { orders, recurringDebits, recurringPurchases } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashOf,
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  runDays,
} from './test/batch-fixtures.ts';

// Decision 034's gap: recurring orders were placed only on their exact order date (debit date + lag). A
// debit item that kept failing past that date and then succeeded on a retry left a RECEIVED debit with no
// order, its money waiting in customer_unsettled for ever. The next run now buys it, as of its own date.

const ordersOf = (database: TestDatabase, customerId: string) =>
  database.db
    .select({
      key: orders.idempotencyKey,
      amount: orders.requestedAmount,
      status: orders.status,
      applicationDate: orders.applicationDate,
      tradeDate: orders.tradeDate,
      settlementDate: orders.settlementDate,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId));

describe.each([
  ['the set-based path', undefined],
  ['the per-item path', 0],
])('a 積立 debit retried after its order date, %s', (_path, chunkSize) => {
  let database: TestDatabase;
  let late: string;
  let latePlan: string;
  let onTime: string;
  let onTimePlan: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'LATE0001' });
    await insertNavs(database, fundId, '2026-10-01', '2026-11-30', 10_000n);
    late = await insertCustomer(database, { fundIds: [fundId] });
    onTime = await insertCustomer(database, { fundIds: [fundId] });
    const plan = (customerId: string) =>
      database.db
        .insert(recurringPurchases)
        .values({
          customerId,
          fundId,
          accountType: 'specific',
          amount: 10_000n,
          paymentMethod: 'ACCOUNT_TRANSFER',
          startMonth: '2026-10-01',
        })
        .returning({ id: recurringPurchases.id });
    latePlan = (await plan(late))[0]!.id;
    onTimePlan = (await plan(onTime))[0]!.id;
    // one customer's debit the database refuses (as a broken row would) until the trigger is dropped
    await database.db.execute(
      sql.raw(`CREATE FUNCTION late_debit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.recurring_purchase_id::text = TG_ARGV[0] THEN
          RAISE EXCEPTION 'debit of plan % refused by the test', NEW.recurring_purchase_id;
        END IF;
        RETURN NEW;
      END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER late_debit_refuse BEFORE INSERT OR UPDATE ON recurring_debits
        FOR EACH ROW EXECUTE FUNCTION late_debit_refuse('${latePlan}')`),
    );
  }, 60_000);
  afterAll(() => database.drop());

  it('fails the debit on 10-27 and past its order date 10-29: no debit, no order, the item open', async () => {
    const reports = await runDays(database, '2026-10-27', '2026-10-30', { chunkSize });
    expect(reports.at(-1)!.openFailures.map((item) => [item.step, item.businessDate])).toContainEqual([
      'recurring-debits',
      '2026-10-27',
    ]);
    expect(await ordersOf(database, late)).toEqual([]);
    // the other customer's month was bought on its order date
    expect(await ordersOf(database, onTime)).toEqual([
      expect.objectContaining({ key: `tsumitate:${onTimePlan}:2026-10`, applicationDate: '2026-10-29' }),
    ]);
  }, 60_000);

  it('the next run retries the debit as of 10-27 and buys it as of its own date, once; the money is invested', async () => {
    await database.db.execute(sql`DROP TRIGGER late_debit_refuse ON recurring_debits`);
    const [retrying] = await runDays(database, '2026-11-02', '2026-11-02', { chunkSize });
    expect(
      retrying!.retried.map(({ businessDate, report }) => [businessDate, report.step, report.outcomes]),
    ).toContainEqual(['2026-10-27', 'recurring-debits', expect.anything()]);
    const [debit] = await database.db
      .select({ debitDate: recurringDebits.debitDate, status: recurringDebits.paymentStatus })
      .from(recurringDebits)
      .where(eq(recurringDebits.recurringPurchaseId, latePlan));
    expect(debit).toEqual({ debitDate: '2026-10-27', status: 'RECEIVED' });
    expect(retrying!.steps.find((step) => step.step === 'recurring-orders')).toMatchObject({
      items: 1,
      outcomes: { placed: 1 },
    });
    // 申込日 and 約定日 the run's date, priced at 11-02's NAV that night; 受渡 three business days later (11-03
    // is a holiday)
    expect(await ordersOf(database, late)).toEqual([
      {
        key: `tsumitate:${latePlan}:2026-10`,
        amount: 10_000n,
        status: 'EXECUTED',
        applicationDate: '2026-11-02',
        tradeDate: '2026-11-02',
        settlementDate: '2026-11-06',
      },
    ]);
    expect(await cashOf(database, late, 'customer_unsettled')).toBe(10_000n);

    // the later dates find the month ordered: nothing placed twice; the 受渡 spends the debit's money
    await runDays(database, '2026-11-04', '2026-11-06', { chunkSize });
    expect(await ordersOf(database, late)).toEqual([
      expect.objectContaining({ key: `tsumitate:${latePlan}:2026-10`, status: 'COMPLETED' }),
    ]);
    expect(await ordersOf(database, onTime)).toHaveLength(1);
    expect(await cashOf(database, late, 'customer_unsettled')).toBe(0n);
    expect(await cashOf(database, late)).toBe(0n);
    const [paid] = await database.db
      .select({ status: recurringDebits.paymentStatus })
      .from(recurringDebits)
      .where(eq(recurringDebits.recurringPurchaseId, latePlan));
    expect(paid!.status).toBe('SUCCESS');
    await expectLedgerConsistent(database);
  }, 60_000);
});
