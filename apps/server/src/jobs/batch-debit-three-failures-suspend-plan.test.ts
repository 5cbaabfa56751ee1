import { informations, orders, recurringDebits, recurringPurchases } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashOf,
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  runDay,
  runDays,
} from './test/batch-fixtures.ts';

describe('recurring debits on the 27th: three failures in a row suspend the plan', () => {
  let database: TestDatabase;
  let failingPlan: string;
  let goodPlan: string;
  let goodCustomer: string;
  let failingCustomer: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCH005' });
    await insertNavs(database, fundId, '2026-09-01', '2026-12-31', 10_000n);
    // `+debitfail` in the e-mail: the demo rule answers 残高不足 to every debit
    failingCustomer = await insertCustomer(database, { emailLocalPart: 'hanako+debitfail' });
    goodCustomer = await insertCustomer(database);
    const [failing] = await database.db
      .insert(recurringPurchases)
      .values({
        customerId: failingCustomer,
        fundId,
        accountType: 'specific',
        amount: 10_000n,
        paymentMethod: 'ACCOUNT_TRANSFER',
        startMonth: '2026-09-01',
      })
      .returning();
    const [good] = await database.db
      .insert(recurringPurchases)
      .values({
        customerId: goodCustomer,
        fundId,
        accountType: 'nisa2_tsumitate',
        amount: 20_000n,
        paymentMethod: 'ACCOUNT_TRANSFER',
        startMonth: '2026-09-01',
      })
      .returning();
    failingPlan = failing!.id;
    goodPlan = good!.id;
  }, 60_000);
  afterAll(() => database.drop());

  it('debits on Monday 09-28 (the 27th is a Sunday): 20,000 RECEIVED into unsettled, the other FAILURE (1st)', async () => {
    await runDay(database, '2026-09-27');
    expect(await database.db.select().from(recurringDebits)).toHaveLength(0);
    await runDay(database, '2026-09-28');
    const debits = await database.db.select().from(recurringDebits);
    expect(
      debits
        .map((row) => [
          row.recurringPurchaseId,
          row.debitDate,
          row.amount,
          row.paymentStatus,
          row.failureReason,
        ])
        .sort(),
    ).toEqual(
      [
        [failingPlan, '2026-09-28', 10_000n, 'FAILURE', '残高不足'],
        [goodPlan, '2026-09-28', 20_000n, 'RECEIVED', null],
      ].sort(),
    );
    expect(await cashOf(database, goodCustomer, 'customer_unsettled')).toBe(20_000n);
    await expectLedgerConsistent(database);
  }, 60_000);

  it('places the purchase 2 business days later (09-30) in つみたて投資枠, which settles 10-05 and marks the debit SUCCESS', async () => {
    await runDays(database, '2026-09-29', '2026-10-05');
    const [order] = await database.db.select().from(orders).where(eq(orders.recurringPurchaseId, goodPlan));
    expect(order).toMatchObject({
      channel: 'TSUMITATE',
      accountType: 'nisa2_tsumitate',
      idempotencyKey: `tsumitate:${goodPlan}:2026-09`,
      applicationDate: '2026-09-30',
      status: 'COMPLETED',
      paymentStatus: 'SUCCESS',
      // ⌊20,000 × 10,000 ÷ 10,000⌋
      executedUnits: 20_000n,
    });
    const [paid] = await database.db
      .select()
      .from(recurringDebits)
      .where(eq(recurringDebits.recurringPurchaseId, goodPlan));
    expect(paid?.paymentStatus).toBe('SUCCESS');
    expect(await cashOf(database, goodCustomer, 'customer_unsettled')).toBe(0n);
    await expectLedgerConsistent(database);
  }, 60_000);

  it('suspends the failing plan at the third failure (11-27), with an important notice, and debits it no more', async () => {
    await runDay(database, '2026-10-27');
    let [plan] = await database.db
      .select()
      .from(recurringPurchases)
      .where(eq(recurringPurchases.id, failingPlan));
    expect(plan).toMatchObject({ status: 'ACTIVE', consecutiveDebitFailures: 2 });
    await runDay(database, '2026-11-27');
    [plan] = await database.db
      .select()
      .from(recurringPurchases)
      .where(eq(recurringPurchases.id, failingPlan));
    expect(plan).toMatchObject({ status: 'SUSPENDED', consecutiveDebitFailures: 3 });
    const notices = await database.db
      .select()
      .from(informations)
      .where(eq(informations.customerId, failingCustomer));
    expect(notices.filter((notice) => notice.category === 'important').map((notice) => notice.title)).toEqual(
      ['積立の停止のお知らせ'],
    );
    await runDay(database, '2026-12-28');
    const failingDebits = await database.db
      .select()
      .from(recurringDebits)
      .where(eq(recurringDebits.recurringPurchaseId, failingPlan));
    expect(failingDebits.map((row) => row.paymentStatus)).toEqual(['FAILURE', 'FAILURE', 'FAILURE']);
    expect(await cashOf(database, failingCustomer, 'customer_unsettled')).toBe(0n);
    await expectLedgerConsistent(database);
  }, 60_000);
});
