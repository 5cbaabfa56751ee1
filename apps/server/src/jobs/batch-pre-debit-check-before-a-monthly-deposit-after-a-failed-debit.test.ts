import { customers, informations, mailOutbox, monthlyDeposits, recurringPurchases } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertFund, runDay } from './test/batch-fixtures.ts';

/**
 * Issue 25: 1000001's last 口座振替 failed and its 30,000-yen 毎月の入金 is due Thursday 2026-12-10, yet the
 * 12-07 batch checked nobody: the pre-debit check only looked at the 27th's debits. Decision 023 counts
 * 毎月の入金 among the bank debits: three business days before it, the customer is asked to check the
 * balance (and one without a bank account to register one).
 */
describe('pre-debit check before a 毎月の入金 after a failed 口座振替', () => {
  let database: TestDatabase;
  let lastDebitFailed: string;
  let noBankAccount: string;
  let inOrder: string;

  const noticesOf = (customerId: string) =>
    database.db
      .select({ title: informations.title, body: informations.body, category: informations.category })
      .from(informations)
      .where(eq(informations.customerId, customerId));

  beforeAll(async () => {
    database = await createTestDatabase();
    const fund = await insertFund(database, { code: 'DEMOF001' });
    lastDebitFailed = await insertCustomer(database);
    await database.db
      .update(customers)
      .set({ accountNumber: '1000001' })
      .where(eq(customers.id, lastDebitFailed));
    noBankAccount = await insertCustomer(database, { bankAccount: false });
    inOrder = await insertCustomer(database);
    // 1000001's 口座振替 積立 failed on 11-27 (残高不足): one failure in a row
    await database.db.insert(recurringPurchases).values({
      customerId: lastDebitFailed,
      fundId: fund,
      accountType: 'specific',
      amount: 10_000n,
      paymentMethod: 'ACCOUNT_TRANSFER',
      startMonth: '2026-10-01',
      consecutiveDebitFailures: 1,
    });
    await database.db.insert(monthlyDeposits).values([
      { customerId: lastDebitFailed, amount: 30_000n, debitDay: 10 },
      { customerId: noBankAccount, amount: 30_000n, debitDay: 10 },
      { customerId: inOrder, amount: 30_000n, debitDay: 10 },
    ]);
    await runDay(database, '2026-12-07');
  }, 60_000);
  afterAll(() => database.drop());

  it('asks 1000001 on 12-07 to check the balance before the 30,000-yen 毎月の入金 of 12-10', async () => {
    const notices = await noticesOf(lastDebitFailed);
    expect(notices.map((notice) => notice.title)).toEqual(['口座振替のご残高確認のお願い']);
    expect(notices[0]!.category).toBe('important');
    expect(notices[0]!.body).toContain(
      '2026年12月10日(木)は、口座振替による毎月の入金のお引き落とし日です。前回の口座振替は、ご指定の口座からお引き落としができませんでした。',
    );
    expect(notices[0]!.body).toContain(
      '2026年12月9日(水)までに、毎月の入金の金額がご指定の口座にあるかご確認ください。',
    );
    const mails = await database.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(
        eq(
          mailOutbox.toAddress,
          (
            await database.db
              .select({ email: customers.email })
              .from(customers)
              .where(eq(customers.id, lastDebitFailed))
          )[0]!.email,
        ),
      );
    expect(mails).toEqual([{ kind: 'pre-debit-check' }]);
  });

  it('asks the customer without a bank account to register one, and tells the customer in order nothing', async () => {
    expect((await noticesOf(noBankAccount)).map((notice) => notice.title)).toEqual([
      '口座振替の金融機関口座のご登録のお願い',
    ]);
    expect(await noticesOf(inOrder)).toEqual([]);
  });
});
