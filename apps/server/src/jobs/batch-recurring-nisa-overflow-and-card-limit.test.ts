import { nisaUsage, orders, recurringDebits, recurringPurchases } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  linkCard,
  runDay,
} from './test/batch-fixtures.ts';

describe('recurring purchases: つみたて投資枠 overflow and the card limit', () => {
  let database: TestDatabase;
  let nisaCustomer: string;
  let cardCustomer: string;
  let fundA: string;
  let fundB: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    fundA = await insertFund(database, { code: 'BATCH009' });
    fundB = await insertFund(database, { code: 'BATCH010' });
    await insertNavs(database, fundA, '2026-10-01', '2026-11-30', 10_000n);
    await insertNavs(database, fundB, '2026-10-01', '2026-11-30', 20_000n);
    nisaCustomer = await insertCustomer(database);
    cardCustomer = await insertCustomer(database);
    await linkCard(database, cardCustomer, { state: 'NOT_POINTS_CARD' });
    // 1,190,000 of the 1,200,000 つみたて limit of 2026 already used: 10,000 left
    await database.db
      .insert(nisaUsage)
      .values({ customerId: nisaCustomer, year: 2026, bucket: 'tsumitate', purchased: 1_190_000n });
    const plan = (
      customerId: string,
      fundId: string,
      accountType: 'specific' | 'nisa2_tsumitate',
      amount: bigint,
      card = false,
    ) => ({
      customerId,
      fundId,
      accountType,
      amount,
      paymentMethod: card ? ('CREDIT_CARD' as const) : ('ACCOUNT_TRANSFER' as const),
      startMonth: '2026-10-01',
    });
    await database.db
      .insert(recurringPurchases)
      .values([
        plan(nisaCustomer, fundA, 'nisa2_tsumitate', 20_000n),
        plan(nisaCustomer, fundB, 'nisa2_tsumitate', 8_000n),
        plan(cardCustomer, fundA, 'specific', 60_000n, true),
        plan(cardCustomer, fundB, 'specific', 50_000n, true),
      ]);
  }, 60_000);
  afterAll(() => database.drop());

  it('places the larger plan first: 20,000 fills the 10,000 left in つみたて and buys 10,000 in 成長; 8,000 then goes to 成長', async () => {
    await runDay(database, '2026-10-27'); // debits (Tuesday the 27th)
    await runDay(database, '2026-10-28');
    await runDay(database, '2026-10-29'); // orders: 2 business days after the debit
    const placed = await database.db
      .select({
        fundId: orders.fundId,
        accountType: orders.accountType,
        amount: orders.requestedAmount,
        applicationDate: orders.applicationDate,
      })
      .from(orders)
      .where(eq(orders.customerId, nisaCustomer));
    expect(
      placed.sort((a, b) => Number(b.amount! - a.amount!) || a.accountType.localeCompare(b.accountType)),
    ).toEqual([
      { fundId: fundA, accountType: 'nisa2_growth', amount: 10_000n, applicationDate: '2026-10-29' },
      { fundId: fundA, accountType: 'nisa2_tsumitate', amount: 10_000n, applicationDate: '2026-10-29' },
      { fundId: fundB, accountType: 'nisa2_growth', amount: 8_000n, applicationDate: '2026-10-29' },
    ]);
    // all settle on 11-04 (10-30, 11-02, 11-04; 11-03 文化の日), so the 2026 limits hold them
    const usage = await database.db.select().from(nisaUsage).where(eq(nisaUsage.customerId, nisaCustomer));
    expect(usage.map((row) => [row.year, row.bucket, row.purchased]).sort()).toEqual([
      [2026, 'growth', 18_000n],
      [2026, 'tsumitate', 1_200_000n],
    ]);
    await expectLedgerConsistent(database);
  }, 60_000);

  it('charges card plans up to 100,000 yen a month: 60,000 goes through, 50,000 more fails without counting as a debit failure', async () => {
    const debits = await database.db
      .select({
        amount: recurringDebits.amount,
        status: recurringDebits.paymentStatus,
        reason: recurringDebits.failureReason,
      })
      .from(recurringDebits)
      .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId))
      .where(eq(recurringPurchases.customerId, cardCustomer));
    expect(debits.sort((a, b) => Number(b.amount - a.amount))).toEqual([
      { amount: 60_000n, status: 'RECEIVED', reason: null },
      { amount: 50_000n, status: 'FAILURE', reason: 'カード利用上限超過' },
    ]);
    const plans = await database.db
      .select()
      .from(recurringPurchases)
      .where(eq(recurringPurchases.customerId, cardCustomer));
    expect(plans.map((plan) => [plan.status, plan.consecutiveDebitFailures])).toEqual([
      ['ACTIVE', 0],
      ['ACTIVE', 0],
    ]);
  });
});
