import { isoDate } from '@fund/domain';
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../database.ts';
import {
  customerBalances,
  holdings,
  journalEntries,
  journalLines,
  nisaUsage,
  orders,
  pointBalances,
  pointsLedger,
  trades,
} from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { recordBankTransfer } from './bank-transfer.ts';
import { credit, debit, postJournalEntry } from './journal.ts';
import { insertTestCustomer, insertTestFund, spotBuy } from './trading-test-fixtures.ts';
import { verifyLedger, type LedgerRule, type LedgerViolation } from './verify-ledger.ts';

const startup = 60_000;
const day = isoDate('2026-11-20');

/**
 * A consistent history of one customer, written out:
 * - deposit 100,000 yen                        cash 100,000
 * - buy 10,000 yen, 200 points (= 900 yen)     cash 100,000 − 9,100 = 90,900; unsettled 10,000
 * - the buy settles at NAV 10,101              unsettled 0; 10,000 × 10,000 ÷ 10,101 = 9,900 units
 * - a sell of 1,000 units is pending           reserved 1,000 of the 9,900
 * - points: 500 earned, 200 used               balance 300
 * - NISA: 2024 1.2M つみたて + 2.4M 成長, 2025 2.4M 成長 (1M of it sold), 2026 2.4M 成長
 *   lifetime in 2026: 3.6M + 2.4M + 2.4M − 1M = 7.4M (growth 6.2M)
 */
async function buildConsistentLedger(database: TestDatabase) {
  const { db } = database;
  const customerId = await insertTestCustomer(db, '4000001');
  const fundId = await insertTestFund(db);
  const depositId = await postJournalEntry(db, {
    kind: 'deposit',
    businessDate: isoDate('2026-11-02'),
    customerId,
    lines: [debit('bank_clearing', 100_000n), credit('customer_cash', 100_000n, customerId)],
  });
  // the 振込入金's 入金 row: the credit's source
  await recordBankTransfer(db, {
    customerId,
    type: 'deposit',
    amount: 100_000n,
    date: '2026-11-02',
    description: '振込入金',
    journalEntryId: depositId,
  });
  const [buy] = await db
    .insert(orders)
    .values({ ...spotBuy(customerId, fundId, 'buy-1'), pointsUsed: 200n, pointsValue: 900n })
    .returning({ id: orders.id });
  await postJournalEntry(db, {
    kind: 'buy.placed',
    businessDate: day,
    customerId,
    orderId: buy!.id,
    lines: [
      debit('customer_cash', 9_100n, customerId),
      debit('points_receivable', 900n, customerId),
      credit('customer_unsettled', 10_000n, customerId),
    ],
  });
  await db.insert(pointsLedger).values([
    {
      customerId,
      kind: 'EARNED',
      points: 500n,
      occurredOn: '2026-11-01',
      createdAt: new Date('2026-11-01T00:00:00Z'),
    },
    {
      customerId,
      kind: 'USED',
      points: -200n,
      orderId: buy!.id,
      occurredOn: day,
      createdAt: new Date('2026-11-20T01:00:00Z'),
    },
  ]);
  await db
    .update(orders)
    .set({
      status: 'COMPLETED',
      executedUnits: 9_900n,
      executedAmount: 10_000n,
      executedNav: 10_101n,
      executedPrice: 10_101n,
    })
    .where(eq(orders.id, buy!.id));
  await postJournalEntry(db, {
    kind: 'buy.settled',
    businessDate: isoDate('2026-11-30'),
    customerId,
    orderId: buy!.id,
    lines: [debit('customer_unsettled', 10_000n, customerId), credit('fund_settlement', 10_000n)],
  });
  await db.insert(trades).values({
    customerId,
    accountType: 'specific',
    fundId,
    orderId: buy!.id,
    type: 'FUND',
    side: 'BUY',
    units: 9_900n,
    pricePer10k: 10_101n,
    amount: 10_000n,
    tradeDate: '2026-11-24',
    settlementDate: '2026-11-30',
  });
  await db.insert(holdings).values({
    customerId,
    accountType: 'specific',
    fundId,
    units: 9_900n,
    reservedUnits: 1_000n,
    bookValue: 10_000n,
    costBasisPer10k: 10_102n,
  });
  await db.insert(orders).values({
    ...spotBuy(customerId, fundId, 'sell-1'),
    channel: 'SELL',
    orderType: 'QUANTITY',
    requestedAmount: null,
    requestedUnits: 1_000n,
    reservedUnits: 1_000n,
    settlementDate: '2026-12-01',
  });
  await db.insert(nisaUsage).values([
    { customerId, year: 2024, bucket: 'tsumitate', purchased: 1_200_000n },
    { customerId, year: 2024, bucket: 'growth', purchased: 2_400_000n },
    { customerId, year: 2025, bucket: 'growth', purchased: 2_400_000n, freed: 1_000_000n },
    { customerId, year: 2026, bucket: 'growth', purchased: 2_400_000n },
  ]);
  return { customerId, fundId, buyId: buy!.id };
}

describe('verifyLedger', { timeout: startup }, () => {
  let database: TestDatabase;
  let scenario: Awaited<ReturnType<typeof buildConsistentLedger>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    scenario = await buildConsistentLedger(database);
  }, startup);
  afterAll(() => database?.drop());

  /** Breaks the ledger inside a transaction, checks it there, and rolls everything back. */
  async function violationsAfter(breakIt: (tx: Transaction) => Promise<unknown>): Promise<LedgerViolation[]> {
    let violations: LedgerViolation[] = [];
    try {
      await database.db.transaction(async (tx) => {
        await breakIt(tx);
        violations = await verifyLedger(tx);
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    return violations;
  }

  const rulesOf = (violations: readonly LedgerViolation[]) =>
    [...new Set(violations.map((v) => v.rule))].sort();

  it('finds nothing wrong with a consistent ledger', async () => {
    expect(await verifyLedger(database)).toEqual([]);
    const [cash] = await database.db
      .select({ balance: customerBalances.balance })
      .from(customerBalances)
      .where(
        and(
          eq(customerBalances.customerId, scenario.customerId),
          eq(customerBalances.account, 'customer_cash'),
        ),
      );
    expect(cash!.balance).toBe(90_900n);
  });

  const breaks: [string, LedgerRule[], (tx: Transaction) => Promise<unknown>][] = [
    [
      'an entry whose lines do not sum to zero (with the balance trigger off, which refuses the INSERT)',
      ['journal-entry-balanced'],
      async (tx) => {
        await tx.execute(sql`ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_balanced`);
        const [entry] = await tx
          .insert(journalEntries)
          .values({ kind: 'fee', businessDate: day })
          .returning({ id: journalEntries.id });
        await tx.insert(journalLines).values({ entryId: entry!.id, account: 'bank_clearing', amount: 100n });
      },
    ],
    [
      'customer cash below zero (with the balance trigger off, so the stored balance lags too)',
      ['customer-balance-matches-lines', 'customer-balance-not-negative'],
      async (tx) => {
        await tx.execute(sql`ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_customer_balance`);
        await postJournalEntry(tx, {
          kind: 'withdrawal',
          businessDate: day,
          customerId: scenario.customerId,
          lines: [debit('customer_cash', 100_000n, scenario.customerId), credit('bank_clearing', 100_000n)],
        });
      },
    ],
    [
      'a stored cash balance that differs from the journal',
      ['customer-balance-matches-lines'],
      (tx) => tx.update(customerBalances).set({ balance: sql`${customerBalances.balance} + 1` }),
    ],
    [
      'more units reserved than held (with the CHECK dropped)',
      ['holding-reserved-within-units'],
      async (tx) => {
        await tx.execute(sql`ALTER TABLE holdings DROP CONSTRAINT holdings_reserved_within_units`);
        await tx.update(holdings).set({ reservedUnits: 10_000n });
        await tx.update(orders).set({ reservedUnits: 10_000n }).where(eq(orders.channel, 'SELL'));
      },
    ],
    [
      'reserved units that no open sell explains',
      ['holding-reserved-matches-open-sells'],
      (tx) => tx.update(holdings).set({ reservedUnits: 1_500n }),
    ],
    [
      'units that the trades do not add up to',
      ['holding-units-match-trades'],
      (tx) => tx.update(holdings).set({ units: 9_901n }),
    ],
    [
      'points used before they were earned',
      ['points-balance-not-negative'],
      (tx) =>
        tx.insert(pointsLedger).values({
          customerId: scenario.customerId,
          kind: 'USED',
          points: -200n,
          orderId: scenario.buyId,
          occurredOn: '2026-10-01',
          createdAt: new Date('2026-10-01T00:00:00Z'),
        }),
    ],
    [
      'a stored point balance that differs from the ledger',
      ['points-balance-matches-ledger'],
      (tx) => tx.update(pointBalances).set({ balance: 1_000n }),
    ],
    [
      'つみたて use above 1.2M in a year (with the CHECK dropped)',
      ['nisa-annual-limit'],
      async (tx) => {
        await tx.execute(sql`ALTER TABLE nisa_usage DROP CONSTRAINT nisa_usage_annual_limit`);
        await tx.insert(nisaUsage).values({
          customerId: scenario.customerId,
          year: 2026,
          bucket: 'tsumitate',
          purchased: 1_200_001n,
        });
      },
    ],
    [
      'growth book value above 12M over the years (6.2M + 2.4M × 3 = 13.4M in 2029)',
      ['nisa-lifetime-limit'],
      (tx) =>
        tx.insert(nisaUsage).values(
          [2027, 2028, 2029].map((year) => ({
            customerId: scenario.customerId,
            year,
            bucket: 'growth' as const,
            purchased: 2_400_000n,
          })),
        ),
    ],
    [
      'money from nowhere: a credit from the bank with no 入金 behind it',
      ['cash-credit-has-source'],
      (tx) =>
        postJournalEntry(tx, {
          kind: 'deposit',
          businessDate: day,
          customerId: scenario.customerId,
          lines: [debit('bank_clearing', 5_000n), credit('customer_cash', 5_000n, scenario.customerId)],
        }),
    ],
    [
      'a COMPLETED order without its NAV (with the CHECK dropped)',
      ['settled-order-complete'],
      async (tx) => {
        await tx.execute(sql`ALTER TABLE orders DROP CONSTRAINT orders_executed_figures_when_priced`);
        await tx.update(orders).set({ executedNav: null }).where(eq(orders.id, scenario.buyId));
      },
    ],
  ];

  it.each(breaks)('reports %s', async (_case, expected, breakIt) => {
    const violations = await violationsAfter(breakIt);
    expect(rulesOf(violations)).toEqual(expected);
    expect(violations.every((violation) => violation.message.length > 0)).toBe(true);
  });

  it('reports the lifetime limit in the year it is passed, not before', async () => {
    const violations = await violationsAfter((tx) =>
      tx.insert(nisaUsage).values(
        [2027, 2028, 2029].map((year) => ({
          customerId: scenario.customerId,
          year,
          bucket: 'growth' as const,
          purchased: 2_400_000n,
        })),
      ),
    );
    expect(violations.map((violation) => violation.subject)).toEqual([
      { customer_id: scenario.customerId, year: '2029', total: '14600000', growth: '13400000' },
    ]);
  });

  it('leaves the ledger consistent after every broken case was rolled back', async () => {
    expect(await verifyLedger(database)).toEqual([]);
  });
});
