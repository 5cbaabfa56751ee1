import {
  accountTransferAccounts,
  customers,
  informations,
  linkedCards,
  mailOutbox,
  monthlyDeposits,
  recurringPurchases,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertFund, runDay } from './test/batch-fixtures.ts';

// Issue 16 point 7, decision 023: three business days before a debit, the batch tells a customer whose card
// or bank account is not ready (notice + mail), once per debit date and problem.
describe('pre-debit check: notices and mails three business days before the debit', () => {
  let database: TestDatabase;
  let fundId: string;
  let secondFundId: string;
  const appOrigin = 'https://fund.example.jp';
  const who = {
    cardUnlinked: '',
    cardExpired: '',
    bankMissing: '',
    lastDebitFailed: '',
    allFine: '',
    switchingToCard: '',
    locked: '',
    noPlans: '',
  };

  async function plan(
    customerId: string,
    paymentMethod: 'ACCOUNT_TRANSFER' | 'CREDIT_CARD',
    options: { failures?: number; fund?: string } = {},
  ) {
    await database.db.insert(recurringPurchases).values({
      customerId,
      fundId: options.fund ?? fundId,
      accountType: 'specific',
      amount: 10_000n,
      paymentMethod,
      startMonth: '2026-11-01',
      consecutiveDebitFailures: options.failures ?? 0,
    });
  }

  async function card(customerId: string, expiry: string) {
    await database.db.insert(linkedCards).values({
      customerId,
      issuerSubject: `test-${customerId}`,
      cardName: 'テストカード',
      last4: '4242',
      expiry,
      state: 'ACTIVE',
      pointsEarning: true,
      linkedOn: '2025-01-10',
    });
  }

  async function bankAccount(customerId: string) {
    await database.db.insert(accountTransferAccounts).values({
      customerId,
      bankCode: '0005',
      bankName: 'テスト銀行',
      branchCode: '001',
      branchName: '本店',
      accountType: 'ORDINARY',
      accountNumber: '1234567',
      holderNameKana: 'ヤマダ ハナコ',
    });
  }

  async function noticesOf(customerId: string) {
    return database.db
      .select({ title: informations.title, body: informations.body, category: informations.category })
      .from(informations)
      .where(eq(informations.customerId, customerId));
  }

  async function mailsTo(customerId: string) {
    const [customer] = await database.db
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId));
    return database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, customer!.email));
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    fundId = await insertFund(database, { code: 'PREDEBT1' });
    secondFundId = await insertFund(database, { code: 'PREDEBT2' });
    for (const name of Object.keys(who) as (keyof typeof who)[])
      who[name] = await insertCustomer(database, { bankAccount: false });

    await plan(who.cardUnlinked, 'CREDIT_CARD');
    await bankAccount(who.cardUnlinked);

    await plan(who.cardExpired, 'CREDIT_CARD');
    await card(who.cardExpired, '2026-10');

    // 積立 and 毎月の入金 on the same 27th: one notice for the one missing bank account
    await plan(who.bankMissing, 'ACCOUNT_TRANSFER');
    await database.db
      .insert(monthlyDeposits)
      .values({ customerId: who.bankMissing, amount: 30_000n, debitDay: 27 });

    await plan(who.lastDebitFailed, 'ACCOUNT_TRANSFER', { failures: 1 });
    await bankAccount(who.lastDebitFailed);

    await plan(who.allFine, 'ACCOUNT_TRANSFER');
    await plan(who.allFine, 'CREDIT_CARD', { fund: secondFundId });
    await card(who.allFine, '2029-08');
    await bankAccount(who.allFine);

    // a 口座振替 plan switched to the card from November (a pending change): the card is what is missing
    await database.db.insert(recurringPurchases).values({
      customerId: who.switchingToCard,
      fundId,
      accountType: 'specific',
      amount: 10_000n,
      paymentMethod: 'ACCOUNT_TRANSFER',
      startMonth: '2026-10-01',
      batchFlag: 'update',
      batchAppliesFrom: '2026-11-01',
      pendingPaymentMethod: 'CREDIT_CARD',
    });
    await bankAccount(who.switchingToCard);

    // may not trade: not debited, so not told
    await plan(who.locked, 'CREDIT_CARD');
    await database.db.update(customers).set({ locked: true }).where(eq(customers.id, who.locked));
  }, 60_000);
  afterAll(() => database.drop());

  it('tells nobody on the business day before the check date (Friday 11-27 is checked Tuesday 11-24)', async () => {
    await runDay(database, '2026-11-20', { appOrigin });
    for (const customerId of Object.values(who)) expect(await noticesOf(customerId)).toEqual([]);
  }, 60_000);

  it('tells the card 積立 customer without a linked card, with a notice linking to /saisonConnect and a mail', async () => {
    const report = await runDay(database, '2026-11-24', { appOrigin });
    expect(report.steps.find((step) => step.step === 'pre-debit-check')?.failed).toBe(0);

    expect(await noticesOf(who.cardUnlinked)).toEqual([
      {
        title: 'クレジットカードのご登録のお願い',
        category: 'important',
        body:
          '<p>2026年11月27日(金)は、クレジットカードでの積立のお支払い日です。現在、お支払いに使うクレジットカードが登録されていません。</p>' +
          '<p>2026年11月26日(木)までに、「セゾンカード連携」からカードをご登録ください。ご登録がない場合、この月の積立はお支払いができず、買付は行われません。</p>' +
          '<p><a href="/saisonConnect">セゾンカード連携</a></p>',
      },
    ]);
    const [mail, ...others] = await mailsTo(who.cardUnlinked);
    expect(others).toEqual([]);
    expect(mail!.kind).toBe('pre-debit-check');
    expect(mail!.subject).toContain('クレジットカードのご登録のお願い');
    expect(mail!.text).toContain('2026年11月26日(木)までに');
    expect(mail!.text).toContain(`${appOrigin}/saisonConnect`);
  });

  it('tells the customer whose card expires before the debit, naming the card', async () => {
    const notices = await noticesOf(who.cardExpired);
    expect(notices.map((notice) => notice.title)).toEqual(['クレジットカードの有効期限のご確認のお願い']);
    expect(notices[0]!.body).toContain('ご登録のクレジットカード（末尾 4242）は、有効期限が切れています。');
    expect(notices[0]!.body).toContain(
      'ご登録がない場合、この月の積立はお支払いができず、買付は行われません。',
    );
    expect(await mailsTo(who.cardExpired)).toHaveLength(1);
  });

  it('tells the 口座振替 customer without a bank account once, for 積立 and 毎月の入金 on the same day, pointing to my page', async () => {
    const notices = await noticesOf(who.bankMissing);
    expect(notices.map((notice) => notice.title)).toEqual(['口座振替の金融機関口座のご登録のお願い']);
    expect(notices[0]!.body).toContain(
      '2026年11月27日(金)は、口座振替（積立・毎月の入金）のお引き落とし日です。',
    );
    expect(notices[0]!.body).toContain('<a href="/mypage">');
    const mails = await mailsTo(who.bankMissing);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${appOrigin}/mypage`);
  });

  it('reminds the customer whose last 口座振替 failed to check the balance by the day before', async () => {
    const notices = await noticesOf(who.lastDebitFailed);
    expect(notices.map((notice) => notice.title)).toEqual(['口座振替のご残高確認のお願い']);
    expect(notices[0]!.body).toContain(
      '2026年11月26日(木)までに、積立の金額がご指定の口座にあるかご確認ください。',
    );
  });

  it('checks a plan switched to the card this month against the card, not the bank account', async () => {
    const notices = await noticesOf(who.switchingToCard);
    expect(notices.map((notice) => notice.title)).toEqual(['クレジットカードのご登録のお願い']);
  });

  it('tells nothing to a customer whose card and bank account are ready, a locked customer, or one without plans', async () => {
    for (const customerId of [who.allFine, who.locked, who.noPlans]) {
      expect(await noticesOf(customerId)).toEqual([]);
      expect(await mailsTo(customerId)).toEqual([]);
    }
  });

  it('tells no one twice when the date is run again', async () => {
    const before = {
      notices: (await database.db.select().from(informations)).length,
      mails: (await database.db.select().from(mailOutbox)).length,
    };
    const report = await runDay(database, '2026-11-24', { appOrigin });
    const step = report.steps.find((candidate) => candidate.step === 'pre-debit-check')!;
    expect(step.items).toBeGreaterThan(0);
    expect(step.alreadyDone).toBe(step.items);
    expect(step.outcomes).toEqual({});
    expect((await database.db.select().from(informations)).length).toBe(before.notices);
    expect((await database.db.select().from(mailOutbox)).length).toBe(before.mails);
  }, 60_000);

  it('checks a debit moved by a holiday from its moved date: Sunday 12-27 → Monday 12-28, checked Wednesday 12-23', async () => {
    await runDay(database, '2026-12-22', { appOrigin });
    expect(await noticesOf(who.cardUnlinked)).toHaveLength(1);
    await runDay(database, '2026-12-23', { appOrigin });
    const notices = await noticesOf(who.cardUnlinked);
    expect(notices).toHaveLength(2);
    const december = notices.find((notice) => notice.body.includes('2026年12月28日(月)は、'));
    expect(december?.body).toContain('2026年12月25日(金)までに');
    expect(await mailsTo(who.cardUnlinked)).toHaveLength(2);
  }, 60_000);
});
