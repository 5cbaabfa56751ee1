import { nisaUsage, orders, recurringPurchases } from '@fund/db';
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

// a month's 積立 split across accounts has one order per part, all paid by one debit: an order that cannot
// be priced gives back its own amount, never the whole debit's
describe('a split 積立 part too small to buy a unit', () => {
  let database: TestDatabase;
  let customerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // priced the business day after the 申込日: the NAV doubles between placing and pricing
    const fundId = await insertFund(database, { code: 'SPLIT002', priceLagDays: 1 });
    await insertNavs(database, fundId, '2026-10-01', '2026-10-29', 10_000n);
    await insertNavs(database, fundId, '2026-10-30', '2026-11-30', 20_000n);
    customerId = await insertCustomer(database);
    // 1 yen of つみたて room left in 2026
    await database.db
      .insert(nisaUsage)
      .values({ customerId, year: 2026, bucket: 'tsumitate', purchased: 1_199_999n });
    await database.db.insert(recurringPurchases).values({
      customerId,
      fundId,
      accountType: 'nisa2_tsumitate',
      amount: 20_000n,
      paymentMethod: 'ACCOUNT_TRANSFER',
      startMonth: '2026-10-01',
    });
  }, 60_000);
  afterAll(() => database.drop());

  it('places 1 yen つみたて + 19,999 成長, cancels the 1-yen order at 20,000 and gives back 1 yen, not 20,000', async () => {
    await runDays(database, '2026-10-27', '2026-10-30');
    const placed = await database.db
      .select({ accountType: orders.accountType, amount: orders.requestedAmount, status: orders.status })
      .from(orders)
      .where(eq(orders.customerId, customerId));
    expect(placed.sort((a, b) => Number(a.amount! - b.amount!))).toEqual([
      { accountType: 'nisa2_tsumitate', amount: 1n, status: 'CANCELED' },
      { accountType: 'nisa2_growth', amount: 19_999n, status: 'EXECUTED' },
    ]);
    expect(await cashOf(database, customerId)).toBe(1n);
    await expectLedgerConsistent(database);
  }, 60_000);
});
