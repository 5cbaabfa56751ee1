import { informations, orders, recurringDebits, recurringPurchases } from '@fund/db';
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
  runDays,
} from './test/batch-fixtures.ts';

/**
 * A card 積立 is charged to the linked card: with none, or one past its 有効期限, the month's charge fails
 * (told beforehand by the pre-debit check, decision 023) instead of being charged to nothing.
 */
describe('card 積立 with no card to charge', () => {
  let database: TestDatabase;
  let noCard: string;
  let expiredCard: string;
  let lastMonthOfCard: string;

  const debitsOf = (customerId: string) =>
    database.db
      .select({
        amount: recurringDebits.amount,
        method: recurringPurchases.paymentMethod,
        status: recurringDebits.paymentStatus,
        reason: recurringDebits.failureReason,
      })
      .from(recurringDebits)
      .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId))
      .where(eq(recurringPurchases.customerId, customerId));

  beforeAll(async () => {
    database = await createTestDatabase();
    const fund = await insertFund(database, { code: 'BATCH041' });
    const otherFund = await insertFund(database, { code: 'BATCH042' });
    for (const id of [fund, otherFund]) await insertNavs(database, id, '2026-10-01', '2026-11-30', 10_000n);
    noCard = await insertCustomer(database);
    expiredCard = await insertCustomer(database);
    lastMonthOfCard = await insertCustomer(database);
    await linkCard(database, expiredCard, { expiry: '2026-09' });
    await linkCard(database, lastMonthOfCard, { expiry: '2026-10' });
    const plan = (
      customerId: string,
      amount: bigint,
      paymentMethod: 'CREDIT_CARD' | 'ACCOUNT_TRANSFER',
      fundId = fund,
    ) => ({
      customerId,
      fundId,
      accountType: 'specific' as const,
      amount,
      paymentMethod,
      startMonth: '2026-10-01',
    });
    await database.db
      .insert(recurringPurchases)
      .values([
        plan(noCard, 20_000n, 'CREDIT_CARD'),
        plan(noCard, 10_000n, 'ACCOUNT_TRANSFER', otherFund),
        plan(expiredCard, 30_000n, 'CREDIT_CARD'),
        plan(lastMonthOfCard, 40_000n, 'CREDIT_CARD'),
      ]);
    await runDays(database, '2026-10-27', '2026-10-29'); // the debit date, then the order date
  }, 60_000);
  afterAll(() => database.drop());

  it('fails the card charge of a customer without a linked card, and still debits their 口座振替 plan', async () => {
    expect((await debitsOf(noCard)).sort((a, b) => Number(b.amount - a.amount))).toEqual([
      {
        amount: 20_000n,
        method: 'CREDIT_CARD',
        status: 'FAILURE',
        reason: 'クレジットカードが登録されていません',
      },
      { amount: 10_000n, method: 'ACCOUNT_TRANSFER', status: 'RECEIVED', reason: null },
    ]);
  });

  it('fails the charge to a card past its 有効期限, and charges a card in its last 有効期限 month', async () => {
    expect(await debitsOf(expiredCard)).toEqual([
      {
        amount: 30_000n,
        method: 'CREDIT_CARD',
        status: 'FAILURE',
        reason: 'クレジットカードの有効期限が切れています',
      },
    ]);
    expect(await debitsOf(lastMonthOfCard)).toEqual([
      { amount: 40_000n, method: 'CREDIT_CARD', status: 'RECEIVED', reason: null },
    ]);
  });

  it('buys nothing for a failed charge, does not count it toward suspension, and tells the customer what to do', async () => {
    const bought = async (customerId: string) =>
      (await database.db.select().from(orders).where(eq(orders.customerId, customerId))).map(
        (order) => order.requestedAmount,
      );
    expect(await bought(noCard)).toEqual([10_000n]);
    expect(await bought(expiredCard)).toEqual([]);
    const plans = await database.db.select().from(recurringPurchases);
    expect(plans.map((plan) => [plan.status, plan.consecutiveDebitFailures])).toEqual(
      plans.map(() => ['ACTIVE', 0]),
    );
    const [notice] = await database.db
      .select()
      .from(informations)
      .where(eq(informations.customerId, expiredCard));
    expect(notice!.body).toContain('（クレジットカードの有効期限が切れています）。');
    expect(notice!.body).toContain('マイページからクレジットカードを登録（更新）してください。');
    await expectLedgerConsistent(database);
  });

  it('a rerun of the debit date charges nothing more', async () => {
    await runDay(database, '2026-10-27');
    expect(await debitsOf(expiredCard)).toHaveLength(1);
    expect(await debitsOf(noCard)).toHaveLength(2);
  });
});
