import {
  cashflows,
  customers,
  holdings,
  informations,
  monthlyDeposits,
  orders,
  recurringDebits,
  recurringPurchases,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashOf,
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  runDays,
} from './test/batch-fixtures.ts';

/**
 * Issue 25, the audit's first finding: 1000009 has no bank account for 口座振替, yet its 5,000-yen DEMOF004
 * 積立 was debited on 2026-12-28 (SUCCESS) and bought 4,466 units with money from no account. Now the debit
 * fails like any failed debit (decision 035): FAILURE, no order, nothing credited, a notice, and the failure
 * counts toward the plan's run. A 毎月の入金 without a bank account credits nothing either. Both the
 * set-based chunk path and the per-item path of the recurring-debits step.
 */
describe.each([
  { path: 'set-based chunk path', chunkSize: undefined },
  { path: 'per-item path', chunkSize: 0 },
])('a 口座振替 without a bank account on the debit date fails ($path)', ({ chunkSize }) => {
  let database: TestDatabase;
  let noBankAccount: string;
  let withBankAccount: string;

  const debitsOf = (customerId: string) =>
    database.db
      .select({
        amount: recurringDebits.amount,
        debitDate: recurringDebits.debitDate,
        status: recurringDebits.paymentStatus,
        reason: recurringDebits.failureReason,
      })
      .from(recurringDebits)
      .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId))
      .where(eq(recurringPurchases.customerId, customerId));
  const noticesOf = (customerId: string) =>
    database.db
      .select({ title: informations.title, body: informations.body })
      .from(informations)
      .where(eq(informations.customerId, customerId));

  beforeAll(async () => {
    database = await createTestDatabase();
    const fund = await insertFund(database, { code: 'DEMOF004' });
    await insertNavs(database, fund, '2026-12-01', '2027-01-08', 11_195n);
    noBankAccount = await insertCustomer(database, { bankAccount: false });
    // the audit's customer: the demo's 1000009, who has no bank account for 口座振替
    await database.db
      .update(customers)
      .set({ accountNumber: '1000009' })
      .where(eq(customers.id, noBankAccount));
    withBankAccount = await insertCustomer(database);
    const plan = (customerId: string) => ({
      customerId,
      fundId: fund,
      accountType: 'specific' as const,
      amount: 5_000n,
      paymentMethod: 'ACCOUNT_TRANSFER' as const,
      startMonth: '2026-12-01',
    });
    // set up before the API refused it (400-227): the batch must not trust that no such plan exists
    await database.db.insert(recurringPurchases).values([plan(noBankAccount), plan(withBankAccount)]);
    await database.db
      .insert(monthlyDeposits)
      .values({ customerId: noBankAccount, amount: 30_000n, debitDay: 28 });
    // 12-23 the pre-debit check, 12-28 the debits, into January when the order would have settled
    await runDays(database, '2026-12-23', '2027-01-08', { chunkSize });
  }, 120_000);
  afterAll(() => database.drop());

  it('tells the customer on 12-23 that the 12-28 debit needs a bank account', async () => {
    const notices = await noticesOf(noBankAccount);
    const told = notices.find((notice) => notice.title === '口座振替の金融機関口座のご登録のお願い');
    expect(told?.body).toContain('2026年12月28日(月)は、口座振替（積立・毎月の入金）のお引き落とし日です。');
  });

  it('fails the 5,000-yen debit of 12-28 and buys nothing with it', async () => {
    expect(await debitsOf(noBankAccount)).toEqual([
      {
        amount: 5_000n,
        debitDate: '2026-12-28',
        status: 'FAILURE',
        reason: '口座振替の金融機関口座が登録されていません',
      },
    ]);
    expect(await database.db.select().from(orders).where(eq(orders.customerId, noBankAccount))).toEqual([]);
    expect(await database.db.select().from(holdings).where(eq(holdings.customerId, noBankAccount))).toEqual(
      [],
    );
  });

  it('credits no money from nowhere: no cash, no unsettled, no 入金 of the 毎月の入金', async () => {
    expect(await cashOf(database, noBankAccount)).toBe(0n);
    expect(await cashOf(database, noBankAccount, 'customer_unsettled')).toBe(0n);
    expect(await database.db.select().from(cashflows).where(eq(cashflows.customerId, noBankAccount))).toEqual(
      [],
    );
    await expectLedgerConsistent(database);
  });

  it('counts the failure toward the plan’s run and tells the customer what to do', async () => {
    const [plan] = await database.db
      .select({ status: recurringPurchases.status, failures: recurringPurchases.consecutiveDebitFailures })
      .from(recurringPurchases)
      .where(eq(recurringPurchases.customerId, noBankAccount));
    expect(plan).toEqual({ status: 'ACTIVE', failures: 1 });
    const notices = await noticesOf(noBankAccount);
    const failed = notices.find((notice) => notice.title === '積立の口座振替ができませんでした');
    expect(failed?.body).toContain(
      '2026年12月28日の積立（5,000円）の口座振替ができませんでした（口座振替の金融機関口座が登録されていません）。',
    );
    expect(failed?.body).toContain('マイページから口座振替のお申込み方法をご確認ください。');
    const deposit = notices.find((notice) => notice.title === '定額入金ができませんでした');
    expect(deposit?.body).toContain('2026年12月28日の定額入金（30,000円）の口座振替ができませんでした');
  });

  it('still debits and buys for the customer with a bank account in the same run', async () => {
    expect(await debitsOf(withBankAccount)).toEqual([
      { amount: 5_000n, debitDate: '2026-12-28', status: 'SUCCESS', reason: null },
    ]);
  });
});
