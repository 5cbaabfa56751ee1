import {
  cashflows,
  customers,
  monthlyDeposits,
  orders,
  recurringDebits,
  recurringPurchases,
  scheduledSells,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import {
  cashOf,
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  runDays,
} from './test/batch-fixtures.ts';

// Issue 13 point 2: the batch neither debits, deposits, buys nor sells for a customer whose account is
// locked (400-100), closed (CLOSE) or not opened (NONE); an open customer in the same run is served.
describe('the batch skips every item of a customer whose account state forbids trading', () => {
  let database: TestDatabase;
  let fundId: string;
  const who: Record<'open' | 'locked' | 'closed' | 'notOpened' | 'lockedAfterDebit', string> = {
    open: '',
    locked: '',
    closed: '',
    notOpened: '',
    lockedAfterDebit: '',
  };

  async function setUp(customerId: string) {
    await database.db.insert(recurringPurchases).values({
      customerId,
      fundId,
      accountType: 'specific',
      amount: 10_000n,
      paymentMethod: 'ACCOUNT_TRANSFER',
      startMonth: '2026-11-01',
    });
    await database.db.insert(monthlyDeposits).values({ customerId, amount: 30_000n, debitDay: 10 });
    await database.db
      .insert(scheduledSells)
      .values({ customerId, fundId, type: 'AMOUNT', value: 10_000n, frequency: 'MONTHLY' });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    fundId = await insertFund(database, { code: 'BATCHSTD' });
    // from 10-30: the NAV an order on the morning of 11-02 is estimated from (blind pricing)
    await insertNavs(database, fundId, '2026-10-30', '2026-12-11', 10_000n);
    for (const name of Object.keys(who) as (keyof typeof who)[]) {
      const customerId = await insertCustomer(database, { fundIds: [fundId], cash: 200_000n });
      who[name] = customerId;
      // 100,000 yen of the fund, settled before the month's items, so there is something to sell
      await database.db.transaction((tx) =>
        placeBuyOrder(tx, {
          customerId,
          fundCode: 'BATCHSTD',
          accountType: 'specific',
          orderType: 'AMOUNT',
          amount: 100_000n,
          channel: 'BUY',
          idempotencyKey: `api:standing-buy-${name}`,
          now: morningOf('2026-11-02'),
        }),
      );
      await setUp(customerId);
    }
    await runDays(database, '2026-11-02', '2026-11-09');
    await database.db.update(customers).set({ locked: true }).where(eq(customers.id, who.locked));
    await database.db.update(customers).set({ equityStatus: 'CLOSE' }).where(eq(customers.id, who.closed));
    await database.db.update(customers).set({ equityStatus: 'NONE' }).where(eq(customers.id, who.notOpened));
  }, 120_000);
  afterAll(() => database.drop());

  it('deposits the monthly deposit of the open customer only (day 10)', async () => {
    await runDays(database, '2026-11-10', '2026-11-10');
    const deposited = await database.db
      .select({ customerId: cashflows.customerId })
      .from(cashflows)
      .where(eq(cashflows.description, '定額入金'));
    expect(deposited.map((row) => row.customerId).sort()).toEqual([who.open, who.lockedAfterDebit].sort());
  }, 60_000);

  it('places the scheduled sell of the open customer only (the 16th)', async () => {
    await runDays(database, '2026-11-11', '2026-11-16');
    const sells = await database.db
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.channel, 'SCHEDULEDSELL'));
    expect(sells.map((row) => row.customerId).sort()).toEqual([who.open, who.lockedAfterDebit].sort());
  }, 60_000);

  it('debits the recurring purchase of the open customers only (the 27th)', async () => {
    await runDays(database, '2026-11-17', '2026-11-27');
    const debited = await database.db
      .select({ customerId: recurringPurchases.customerId, status: recurringDebits.paymentStatus })
      .from(recurringDebits)
      .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId));
    expect(debited.map((row) => row.customerId).sort()).toEqual([who.open, who.lockedAfterDebit].sort());
  }, 60_000);

  it('buys for the open customer, and gives a customer locked after the debit the money back', async () => {
    await database.db.update(customers).set({ locked: true }).where(eq(customers.id, who.lockedAfterDebit));
    const cashBefore = await cashOf(database, who.lockedAfterDebit);
    await runDays(database, '2026-11-30', '2026-12-01');
    const recurring = await database.db
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.channel, 'TSUMITATE'));
    expect(recurring.map((row) => row.customerId)).toEqual([who.open]);
    const [refused] = await database.db
      .select({ status: recurringDebits.paymentStatus })
      .from(recurringDebits)
      .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId))
      .where(and(eq(recurringPurchases.customerId, who.lockedAfterDebit)));
    expect(refused).toEqual({ status: 'FAILURE' });
    expect(await cashOf(database, who.lockedAfterDebit)).toBe(cashBefore + 10_000n);
    await expectLedgerConsistent(database);
  }, 60_000);
});
