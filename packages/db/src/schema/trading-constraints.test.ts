import { isoDate, tradeTypeValues } from '@fund/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, debit, postJournalEntry } from '../ledger/journal.ts';
import { insertTestCustomer, insertTestFund, spotBuy } from '../ledger/trading-test-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import {
  batchStepRuns,
  customerBalances,
  holdings,
  idempotencyRecords,
  journalEntries,
  journalLines,
  nisaUsage,
  orders,
  pointBalances,
  pointsLedger,
  recurringPurchases,
  scheduledSells,
  storedTradeTypeValues,
  type NewRecurringPurchase,
} from './index.ts';

const startup = 60_000;

/** The PostgreSQL error behind drizzle's wrapper (drizzle puts the driver's error in `cause`). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  throw new Error('expected the statement to be refused');
}

// The database refuses trading states the business cannot have, whichever code path writes them.
describe('the trading schema refuses impossible states', { timeout: startup }, () => {
  let database: TestDatabase;
  let customerId: string;
  let otherCustomerId: string;
  let fundId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    customerId = await insertTestCustomer(database.db, '3000001');
    otherCustomerId = await insertTestCustomer(database.db, '3000002');
    fundId = await insertTestFund(database.db);
  }, startup);
  afterAll(() => database?.drop());

  it('stores every trade type of spec §3 except the ALL filter', () => {
    expect([...storedTradeTypeValues]).toEqual(tradeTypeValues.filter((type) => type !== 'ALL'));
  });

  describe('holdings', () => {
    const holding = () => ({ customerId, accountType: 'specific' as const, fundId });

    it.each([
      ['negative units', { units: -1n }],
      ['negative book value', { units: 100n, bookValue: -1n }],
      ['negative reserved units', { units: 100n, reservedUnits: -1n }],
      ['more units reserved than held', { units: 100n, reservedUnits: 101n, bookValue: 10n }],
      ['a book value without units', { units: 0n, bookValue: 1n }],
    ])('refuses %s', async (_case, change) => {
      expect(await failure(database.db.insert(holdings).values({ ...holding(), ...change }))).toMatch(
        /holdings_/,
      );
    });

    it('refuses a holding in an account the customer does not have', async () => {
      await expect(
        database.db.insert(holdings).values({ ...holding(), accountType: 'general', units: 1n }),
      ).rejects.toThrow();
    });

    it('accepts units fully reserved, and refuses selling reserved units twice', async () => {
      await database.db
        .insert(holdings)
        .values({ ...holding(), units: 100n, reservedUnits: 100n, bookValue: 10n });
      expect(
        await failure(
          database.db
            .update(holdings)
            .set({ reservedUnits: sql`${holdings.reservedUnits} + 10` })
            .where(eq(holdings.customerId, customerId)),
        ),
      ).toMatch(/holdings_reserved_within_units/);
    });
  });

  describe('customer cash', () => {
    it('refuses a movement that would take the cash balance below zero', async () => {
      await database.db.transaction((tx) =>
        postJournalEntry(tx, {
          kind: 'deposit',
          businessDate: isoDate('2026-11-20'),
          customerId,
          lines: [debit('bank_clearing', 10_000n), credit('customer_cash', 10_000n, customerId)],
        }),
      );
      const buy = (yen: bigint) =>
        database.db.transaction((tx) =>
          postJournalEntry(tx, {
            kind: 'buy.placed',
            businessDate: isoDate('2026-11-20'),
            customerId,
            lines: [debit('customer_cash', yen, customerId), credit('customer_unsettled', yen, customerId)],
          }),
        );
      expect(await failure(buy(10_001n))).toMatch(/customer_balances_not_negative/);
      await buy(10_000n);
      const balances = await database.db
        .select({ account: customerBalances.account, balance: customerBalances.balance })
        .from(customerBalances)
        .where(eq(customerBalances.customerId, customerId))
        .orderBy(customerBalances.account);
      expect(balances).toEqual([
        { account: 'customer_cash', balance: 0n },
        { account: 'customer_unsettled', balance: 10_000n },
      ]);
    });

    it('refuses a journal entry that does not balance, at the end of the INSERT of its lines', async () => {
      const entriesBefore = await database.db.$count(journalEntries);
      const unbalanced = database.db.transaction(async (tx) => {
        const [entry] = await tx
          .insert(journalEntries)
          .values({ kind: 'deposit', businessDate: '2026-11-20', customerId })
          .returning({ id: journalEntries.id });
        await tx.insert(journalLines).values([
          { entryId: entry!.id, account: 'bank_clearing', amount: 5_000n },
          { entryId: entry!.id, account: 'customer_cash', customerId, amount: -4_999n },
        ]);
      });
      expect(await failure(unbalanced)).toMatch(/does not balance/);
      expect(await database.db.$count(journalEntries)).toBe(entriesBefore);
    });

    it('refuses rewriting or deleting a journal line', async () => {
      await expect(database.db.update(journalLines).set({ amount: 1n })).rejects.toThrow();
      await expect(database.db.delete(journalLines)).rejects.toThrow();
    });

    it('refuses a customer cash line without a customer', async () => {
      await expect(
        postJournalEntry(database.db, {
          kind: 'deposit',
          businessDate: isoDate('2026-11-20'),
          lines: [debit('bank_clearing', 1n), credit('customer_cash', 1n)],
        }),
      ).rejects.toThrow();
    });
  });

  describe('recurring purchases', () => {
    const plan = (change: Partial<NewRecurringPurchase>): NewRecurringPurchase => ({
      customerId,
      fundId,
      accountType: 'nisa2_tsumitate',
      amount: 10_000n,
      paymentMethod: 'ACCOUNT_TRANSFER',
      startMonth: '2026-12-01',
      ...change,
    });

    it.each([
      ['an amount of 4,999 yen', { amount: 4_999n }],
      ['an amount of 5,500 yen (not in 1,000-yen steps)', { amount: 5_500n }],
      ['three bonus months', { bonusMonths: [6, 12, 3], bonusAmount: 50_000n }],
      ['the same bonus month twice', { bonusMonths: [6, 6], bonusAmount: 50_000n }],
      ['a bonus month 13', { bonusMonths: [13], bonusAmount: 50_000n }],
      ['bonus months without a bonus amount', { bonusMonths: [6, 12] }],
      ['a bonus amount of 4,000 yen', { bonusMonths: [6], bonusAmount: 4_000n }],
      ['a pending change without a batch flag', { pendingAmount: 20_000n }],
      [
        'a pending amount of 5,500 yen',
        { batchFlag: 'update' as const, batchAppliesFrom: '2027-01-01', pendingAmount: 5_500n },
      ],
      ['a plan for the old つみたてNISA', { accountType: 'tsumitate_nisa' as const }],
      ['four debit failures in a row', { consecutiveDebitFailures: 4 }],
    ])('refuses %s', async (_case, change) => {
      await expect(database.db.insert(recurringPurchases).values(plan(change))).rejects.toThrow();
    });

    it('accepts 5,000 yen with two bonus months, then refuses a second live plan for the same fund', async () => {
      await database.db
        .insert(recurringPurchases)
        .values(plan({ amount: 5_000n, bonusMonths: [6, 12], bonusAmount: 30_000n }));
      await expect(database.db.insert(recurringPurchases).values(plan({}))).rejects.toThrow();
    });
  });

  it('refuses a scheduled sell outside the specific account and a rate above 100%', async () => {
    const sell = { customerId, fundId, type: 'RATE' as const, value: 10n, frequency: 'MONTHLY' as const };
    await expect(
      database.db.insert(scheduledSells).values({ ...sell, accountType: 'nisa2_growth' }),
    ).rejects.toThrow();
    await expect(database.db.insert(scheduledSells).values({ ...sell, value: 101n })).rejects.toThrow();
    await database.db.insert(scheduledSells).values(sell);
  });

  // security.md 26: on PostgreSQL these run on separate connections at the same time; the row lock of
  // the UPDATE serialises them and the CHECK refuses every one that would overdraw.
  describe('concurrent withdrawals from one holding and one cash balance', () => {
    it('accepts exactly 10 of 20 concurrent sells of 10 units out of 100', async () => {
      await database.db.insert(holdings).values({
        customerId: otherCustomerId,
        accountType: 'specific',
        fundId,
        units: 100n,
        bookValue: 10_000n,
      });
      const reserve = () =>
        database.db.transaction((tx) =>
          tx
            .update(holdings)
            .set({ reservedUnits: sql`${holdings.reservedUnits} + 10` })
            .where(eq(holdings.customerId, otherCustomerId)),
        );
      const results = await Promise.allSettled(Array.from({ length: 20 }, reserve));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
      const [holding] = await database.db
        .select()
        .from(holdings)
        .where(eq(holdings.customerId, otherCustomerId));
      expect(holding!.reservedUnits).toBe(100n);
    });

    it('accepts exactly 10 of 20 concurrent buys of 10,000 yen out of 100,000', async () => {
      await postJournalEntry(database.db, {
        kind: 'deposit',
        businessDate: isoDate('2026-11-20'),
        customerId: otherCustomerId,
        lines: [debit('bank_clearing', 100_000n), credit('customer_cash', 100_000n, otherCustomerId)],
      });
      const buy = () =>
        database.db.transaction((tx) =>
          postJournalEntry(tx, {
            kind: 'buy.placed',
            businessDate: isoDate('2026-11-20'),
            customerId: otherCustomerId,
            lines: [
              debit('customer_cash', 10_000n, otherCustomerId),
              credit('customer_unsettled', 10_000n, otherCustomerId),
            ],
          }),
        );
      const results = await Promise.allSettled(Array.from({ length: 20 }, buy));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
      const [cash] = await database.db
        .select({ balance: customerBalances.balance })
        .from(customerBalances)
        .where(
          and(
            eq(customerBalances.customerId, otherCustomerId),
            eq(customerBalances.account, 'customer_cash'),
          ),
        );
      expect(cash!.balance).toBe(0n);
    });
  });

  describe('orders', () => {
    it('refuses a second order with the same Idempotency-Key for the same customer only', async () => {
      await database.db.insert(orders).values(spotBuy(customerId, fundId, 'key-1'));
      expect(await failure(database.db.insert(orders).values(spotBuy(customerId, fundId, 'key-1')))).toMatch(
        /orders_customer_id_idempotency_key_unique/,
      );
      await database.db.insert(orders).values(spotBuy(otherCustomerId, fundId, 'key-1'));
    });

    it.each([
      ['a buy of ALL', { orderType: 'ALL' as const, requestedAmount: null }],
      ['an amount order without an amount', { requestedAmount: null }],
      ['an amount order of 0 yen', { requestedAmount: 0n }],
      ['points on a buy of 100 points', { pointsUsed: 100n, pointsValue: 450n }],
      ['points worth the wrong yen', { pointsUsed: 200n, pointsValue: 1_000n }],
      [
        'points worth more than the order',
        { requestedAmount: 1_000n, pointsUsed: 300n, pointsValue: 1_350n },
      ],
      ['a 約定日 before the 申込日', { tradeDate: '2026-11-19' }],
      ['an EXECUTED order without executed figures', { status: 'EXECUTED' as const }],
      [
        'a spot buy into つみたて投資枠',
        { accountType: 'nisa2_tsumitate' as const, nisaBucket: 'tsumitate' as const },
      ],
      ['a NISA order without its 枠', { accountType: 'nisa2_growth' as const }],
      ['a TSUMITATE order without its plan', { channel: 'TSUMITATE' as const }],
      ['reserved units on a buy', { reservedUnits: 10n }],
      ['a CANCELED order without its time', { status: 'CANCELED' as const }],
    ])('refuses %s', async (_case, change) => {
      await expect(
        database.db.insert(orders).values({ ...spotBuy(customerId, fundId, `refused-${_case}`), ...change }),
      ).rejects.toThrow();
    });

    it('accepts a NISA growth buy paid partly with points', async () => {
      await database.db.insert(orders).values({
        ...spotBuy(customerId, fundId, 'nisa-points'),
        accountType: 'nisa2_growth',
        nisaBucket: 'growth',
        nisaAmount: 10_000n,
        pointsUsed: 300n,
        pointsValue: 1_350n,
      });
    });
  });

  it('refuses a point balance below zero', async () => {
    await database.db
      .insert(pointsLedger)
      .values({ customerId, kind: 'EARNED', points: 500n, occurredOn: '2026-11-01' });
    const [order] = await database.db.select({ id: orders.id }).from(orders).limit(1);
    const use = (points: bigint) =>
      database.db
        .insert(pointsLedger)
        .values({ customerId, kind: 'USED', points: -points, orderId: order!.id, occurredOn: '2026-11-20' });
    expect(await failure(use(600n))).toMatch(/point_balances_not_negative/);
    await use(500n);
    const [balance] = await database.db
      .select()
      .from(pointBalances)
      .where(eq(pointBalances.customerId, customerId));
    expect(balance!.balance).toBe(0n);
  });

  it('refuses NISA use above the annual limits', async () => {
    await expect(
      database.db
        .insert(nisaUsage)
        .values({ customerId, year: 2026, bucket: 'tsumitate', purchased: 1_200_001n }),
    ).rejects.toThrow();
    await expect(
      database.db
        .insert(nisaUsage)
        .values({ customerId, year: 2026, bucket: 'growth', purchased: 2_400_001n }),
    ).rejects.toThrow();
    await database.db
      .insert(nisaUsage)
      .values({ customerId, year: 2026, bucket: 'growth', purchased: 2_400_000n });
  });

  it('refuses a second idempotency record with the same key for the same customer only', async () => {
    const record = { customerId, key: 'order-2026-11-20-1', requestHash: 'sha256:abc' };
    await database.db.insert(idempotencyRecords).values(record);
    await expect(database.db.insert(idempotencyRecords).values(record)).rejects.toThrow();
    await database.db.insert(idempotencyRecords).values({ ...record, customerId: otherCustomerId });
  });

  it('refuses a second run of the same batch step for the same date and item', async () => {
    const run = { step: 'execute-orders', businessDate: '2026-11-24', itemId: 'order-1' };
    await database.db.insert(batchStepRuns).values(run);
    expect(await failure(database.db.insert(batchStepRuns).values(run))).toMatch(
      /batch_step_runs_step_date_item_unique/,
    );
    await database.db.insert(batchStepRuns).values({ ...run, itemId: 'order-2' });
    await database.db.insert(batchStepRuns).values({ ...run, businessDate: '2026-11-25' });
  });
});
