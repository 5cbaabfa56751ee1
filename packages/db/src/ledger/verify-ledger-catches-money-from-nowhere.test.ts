import { isoDate } from '@fund/domain';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../database.ts';
import {
  accountTransferAccounts,
  monthlyDeposits,
  recurringDebits,
  recurringPurchases,
} from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { recordBankTransfer } from './bank-transfer.ts';
import { credit, debit, postJournalEntry } from './journal.ts';
import { insertTestCustomer, insertTestFund } from './trading-test-fixtures.ts';
import { verifyLedger, type LedgerViolation } from './verify-ledger.ts';

const startup = 60_000;
const debitDate = isoDate('2026-12-28');

/**
 * Issue 25 point 3: 1000009 had no bank account, yet its 5,000-yen 口座振替 積立 was debited on 2026-12-28 and
 * the ledger checker said consistent. Every cash credit from outside the customer now needs its source
 * (decision 035); one planted without it is reported as `cash-credit-has-source`.
 */
describe('the ledger checker catches money from nowhere', { timeout: startup }, () => {
  let database: TestDatabase;
  let withBank: string;
  let withoutBank: string;
  let transferPlan: string;
  let cardPlan: string;
  let planOfCustomerWithBank: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    withBank = await insertTestCustomer(db, '1000001');
    withoutBank = await insertTestCustomer(db, '1000009');
    const fundId = await insertTestFund(db, 'DEMOF004');
    await db.insert(accountTransferAccounts).values({
      customerId: withBank,
      bankCode: '0005',
      bankName: 'テスト銀行',
      branchCode: '001',
      branchName: '本店',
      accountType: 'ORDINARY',
      accountNumber: '1234567',
      holderNameKana: 'シケン タロウ',
    });
    const plan = (
      customerId: string,
      paymentMethod: 'ACCOUNT_TRANSFER' | 'CREDIT_CARD',
      accountType = 'specific' as const,
    ) => ({
      customerId,
      fundId,
      accountType,
      amount: 5_000n,
      paymentMethod,
      startMonth: '2026-12-01',
    });
    const inserted = await db
      .insert(recurringPurchases)
      .values([plan(withoutBank, 'ACCOUNT_TRANSFER'), plan(withBank, 'ACCOUNT_TRANSFER')])
      .returning({ id: recurringPurchases.id });
    transferPlan = inserted[0]!.id;
    planOfCustomerWithBank = inserted[1]!.id;
    const [card] = await db
      .insert(recurringPurchases)
      .values({ ...plan(withoutBank, 'CREDIT_CARD'), fundId: await insertTestFund(db, 'DEMOF005') })
      .returning({ id: recurringPurchases.id });
    cardPlan = card!.id;
  }, startup);
  afterAll(() => database?.drop());

  async function violationsAfter(plant: (tx: Transaction) => Promise<unknown>): Promise<LedgerViolation[]> {
    let violations: LedgerViolation[] = [];
    try {
      await database.db.transaction(async (tx) => {
        await plant(tx);
        violations = await verifyLedger(tx);
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    return violations;
  }

  async function debitRow(
    tx: Transaction,
    planId: string,
    status: 'SUCCESS' | 'FAILURE' = 'SUCCESS',
    reason?: string,
  ) {
    await tx.insert(recurringDebits).values({
      recurringPurchaseId: planId,
      month: '2026-12-01',
      debitDate,
      amount: 5_000n,
      paymentStatus: status,
      failureReason: reason ?? null,
    });
  }

  function collection(tx: Transaction, customerId: string, amount = 5_000n) {
    return postJournalEntry(tx, {
      kind: 'recurring.debit',
      businessDate: debitDate,
      customerId,
      lines: [debit('bank_clearing', amount), credit('customer_unsettled', amount, customerId)],
    });
  }

  it('reports the audit’s case: 1000009’s 5,000-yen 口座振替 of 12-28 with no bank account, SUCCESS', async () => {
    const violations = await violationsAfter(async (tx) => {
      await debitRow(tx, transferPlan);
      await collection(tx, withoutBank);
    });
    expect(violations).toEqual([
      {
        rule: 'cash-credit-has-source',
        message: `customer ${withoutBank} was credited 5000 yen of 積立 debits on 2026-12-28 but only 0 yen was debited from a registered bank account or charged to a card`,
        subject: { customer_id: withoutBank, business_date: '2026-12-28', amount: '5000', sourced: '0' },
      },
    ]);
  });

  it('reports a 積立 collection without any debit behind it, or more than its debits', async () => {
    expect((await violationsAfter((tx) => collection(tx, withBank))).map((v) => v.rule)).toEqual([
      'cash-credit-has-source',
    ]);
    const more = await violationsAfter(async (tx) => {
      await debitRow(tx, planOfCustomerWithBank);
      await collection(tx, withBank, 6_000n);
    });
    expect(more.map((v) => v.subject.sourced)).toEqual(['5000']);
  });

  it('reports a 振込入金 with no 入金 recorded, and a 毎月の入金 without a bank account', async () => {
    const violations = await violationsAfter(async (tx) => {
      await postJournalEntry(tx, {
        kind: 'deposit',
        businessDate: debitDate,
        customerId: withBank,
        lines: [debit('bank_clearing', 5_000n), credit('customer_cash', 5_000n, withBank)],
      });
      await tx.insert(monthlyDeposits).values({ customerId: withoutBank, amount: 30_000n, debitDay: 28 });
      const monthly = await postJournalEntry(tx, {
        kind: 'deposit.monthly',
        businessDate: debitDate,
        customerId: withoutBank,
        lines: [debit('bank_clearing', 30_000n), credit('customer_cash', 30_000n, withoutBank)],
      });
      await recordBankTransfer(tx, {
        customerId: withoutBank,
        type: 'deposit',
        amount: 30_000n,
        date: debitDate,
        description: '定額入金',
        journalEntryId: monthly,
      });
    });
    expect(violations.map((v) => [v.rule, v.subject.kind, v.subject.customer_id])).toEqual([
      ['cash-credit-has-source', 'deposit', withBank],
      ['cash-credit-has-source', 'deposit.monthly', withoutBank],
    ]);
  });

  it('reports a credit from outside of a kind that names no source', async () => {
    const violations = await violationsAfter((tx) =>
      postJournalEntry(tx, {
        kind: 'adjustment',
        businessDate: debitDate,
        customerId: withBank,
        lines: [debit('fund_settlement', 1n), credit('customer_cash', 1n, withBank)],
      }),
    );
    expect(violations.map((v) => v.message)).toEqual([
      expect.stringContaining('(adjustment, 2026-12-28) credits customer') as unknown as string,
    ]);
  });

  it('accepts credits with their source: a debit from a registered account, a card charge, a refunded debit', async () => {
    const violations = await violationsAfter(async (tx) => {
      await debitRow(tx, planOfCustomerWithBank);
      await collection(tx, withBank);
      // a card charge needs no bank account
      await debitRow(tx, cardPlan);
      await collection(tx, withoutBank);
      // the moves inside a customer's own accounts are no credit from outside
      await postJournalEntry(tx, {
        kind: 'recurring.refund',
        businessDate: debitDate,
        customerId: withBank,
        lines: [debit('customer_unsettled', 5_000n, withBank), credit('customer_cash', 5_000n, withBank)],
      });
      await tx.execute(
        sql`UPDATE recurring_debits SET payment_status = 'FAILURE', failure_reason = '買付不可: 販売停止'
          WHERE recurring_purchase_id = ${planOfCustomerWithBank}::uuid`,
      );
    });
    expect(violations).toEqual([]);
  });
});
