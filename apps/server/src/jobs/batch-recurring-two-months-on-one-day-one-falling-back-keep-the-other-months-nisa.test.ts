import { funds, nisaUsage, orders, recurringPurchases } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  runDays,
} from './test/batch-fixtures.ts';

// Two months' orders of one customer on one day (October's debit retried after its order date, bought with
// November's on November's order date), one of them falling back to the per-item path (November's second
// plan is on a fund no longer on sale): the NISA つみたて usage counts both months' kept orders, whichever
// path placed them — a fallen-back item's undo never takes another month's NISA purchase with it.

describe.each([
  ['the set-based path', undefined],
  ['the per-item path', 0],
])('two months of one customer on one day, one falling back, %s', (_path, chunkSize) => {
  let database: TestDatabase;
  let customerId: string;
  let tsumitatePlan: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'TWOMON01' });
    const closingFundId = await insertFund(database, { code: 'TWOMON02' });
    for (const id of [fundId, closingFundId])
      await insertNavs(database, id, '2026-10-01', '2026-12-31', 10_000n);
    customerId = await insertCustomer(database, { fundIds: [fundId, closingFundId] });
    [{ id: tsumitatePlan }] = (await database.db
      .insert(recurringPurchases)
      .values({
        customerId,
        fundId,
        accountType: 'nisa2_tsumitate',
        amount: 10_000n,
        paymentMethod: 'ACCOUNT_TRANSFER',
        startMonth: '2026-10-01',
      })
      .returning({ id: recurringPurchases.id })) as [{ id: string }];
    await database.db.insert(recurringPurchases).values({
      customerId,
      fundId: closingFundId,
      accountType: 'specific',
      amount: 5_000n,
      paymentMethod: 'ACCOUNT_TRANSFER',
      startMonth: '2026-11-01',
    });
    // October's debit of the つみたて plan is refused until the trigger is dropped
    await database.db.execute(
      sql.raw(`CREATE FUNCTION two_months_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.recurring_purchase_id::text = TG_ARGV[0] AND NEW.month = DATE '2026-10-01' THEN
          RAISE EXCEPTION 'October debit refused by the test';
        END IF;
        RETURN NEW;
      END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER two_months_refuse BEFORE INSERT OR UPDATE ON recurring_debits
        FOR EACH ROW EXECUTE FUNCTION two_months_refuse('${tsumitatePlan}')`),
    );
  }, 60_000);
  afterAll(() => database.drop());

  it('places both months of the つみたて plan on 12-01 and counts 20,000 of つみたて', async () => {
    await runDays(database, '2026-10-27', '2026-10-30', { chunkSize });
    await runDays(database, '2026-11-27', '2026-11-30', { chunkSize });
    await database.db.execute(sql`DROP TRIGGER two_months_refuse ON recurring_debits`);
    // November's second plan is refused (fund suspended): November's item goes the per-item way
    await database.db.update(funds).set({ salesStatus: 'SUSPENDED' }).where(eq(funds.code, 'TWOMON02'));
    const [day] = await runDays(database, '2026-12-01', '2026-12-01', { chunkSize });
    expect(day!.steps.find((step) => step.step === 'recurring-orders')).toMatchObject({ items: 2 });

    const placed = await database.db
      .select({ key: orders.idempotencyKey, amount: orders.nisaAmount, date: orders.applicationDate })
      .from(orders)
      .where(eq(orders.customerId, customerId));
    expect(placed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `tsumitate:${tsumitatePlan}:2026-10`, amount: 10_000n, date: '2026-12-01' },
      { key: `tsumitate:${tsumitatePlan}:2026-11`, amount: 10_000n, date: '2026-12-01' },
    ]);
    const [usage] = await database.db
      .select({ purchased: nisaUsage.purchased })
      .from(nisaUsage)
      .where(
        and(
          eq(nisaUsage.customerId, customerId),
          eq(nisaUsage.year, 2026),
          eq(nisaUsage.bucket, 'tsumitate'),
        ),
      );
    expect(usage?.purchased).toBe(20_000n);
    await expectLedgerConsistent(database);
  }, 60_000);
});
