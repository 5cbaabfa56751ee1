import { cashflows, monthlyDeposits } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashOf, expectLedgerConsistent, insertCustomer, runDay } from './test/batch-fixtures.ts';

describe('a monthly deposit due on a holiday is debited on the next business day', () => {
  let database: TestDatabase;
  let customerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    customerId = await insertCustomer(database);
    await database.db.insert(monthlyDeposits).values({ customerId, amount: 30_000n, debitDay: 23 });
  }, 60_000);
  afterAll(() => database.drop());

  it('skips Monday 2026-11-23 (勤労感謝の日) and deposits 30,000 on Tuesday 11-24, once', async () => {
    await runDay(database, '2026-11-23');
    expect(await cashOf(database, customerId)).toBe(0n);
    await runDay(database, '2026-11-24');
    await runDay(database, '2026-11-24');
    expect(await cashOf(database, customerId)).toBe(30_000n);
    const rows = await database.db.select().from(cashflows).where(eq(cashflows.customerId, customerId));
    expect(rows.map((row) => [row.type, row.amount, row.occurredOn, row.description])).toEqual([
      ['deposit', 30_000n, '2026-11-24', '定額入金'],
    ]);
    await expectLedgerConsistent(database);
  }, 60_000);

  it('deposits on the day itself when it is a business day (Wednesday 12-23)', async () => {
    await runDay(database, '2026-12-23');
    expect(await cashOf(database, customerId)).toBe(60_000n);
    await expectLedgerConsistent(database);
  }, 60_000);
});
