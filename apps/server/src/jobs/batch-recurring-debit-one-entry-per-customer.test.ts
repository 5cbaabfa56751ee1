import { recurringPurchases } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashOf,
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  runDay,
} from './test/batch-fixtures.ts';

type Row = Record<string, unknown>;

async function entriesOf(database: TestDatabase, customerId: string): Promise<Row[]> {
  const result = await database.db.execute(sql`SELECT e.kind, e.business_date::text AS date, e.description,
      (SELECT json_agg(json_build_object('account', l.account, 'customer', l.customer_id,
         'amount', l.amount::text) ORDER BY l.account::text) FROM journal_lines l WHERE l.entry_id = e.id) AS lines
    FROM journal_entries e WHERE e.customer_id = ${customerId}::uuid AND e.kind = 'recurring.debit'`);
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * Decision 008: the month's recurring debits of a customer are one journal entry (bank_clearing /
 * customer_unsettled for their total), not one per plan; the debits and the orders stay one per plan.
 * Both paths of the step write it: the set-based chunk (chunk size above 0) and the per-item `process`
 * (chunk size 0).
 */
describe('recurring debits on the 27th: one journal entry per customer and month', () => {
  let database: TestDatabase;
  let funds: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    funds = [
      await insertFund(database, { code: 'BATCH031' }),
      await insertFund(database, { code: 'BATCH032' }),
    ];
    for (const fund of funds) await insertNavs(database, fund, '2026-10-01', '2026-11-30', 10_000n);
  }, 60_000);
  afterAll(() => database.drop());

  const plansFor = async (customerId: string) => {
    const rows = await database.db
      .insert(recurringPurchases)
      .values(
        [30_000n, 20_000n].map((amount, index) => ({
          customerId,
          fundId: funds[index]!,
          accountType: 'specific' as const,
          amount,
          paymentMethod: 'ACCOUNT_TRANSFER' as const,
          startMonth: '2026-10-01',
        })),
      )
      .returning({ id: recurringPurchases.id, amount: recurringPurchases.amount });
    // the entry names the plans in the order they were debited: the larger amount first
    return rows.sort((a, b) => Number(b.amount - a.amount)).map((row) => row.id);
  };

  it.each([
    ['the set-based chunk', undefined],
    ['the per-item path', 0],
  ])(
    'two plans of 30,000 and 20,000 debited through %s: one entry of 50,000 naming both plans, two debits, two orders',
    async (_path, chunkSize) => {
      const customer = await insertCustomer(database);
      const [larger, smaller] = await plansFor(customer);
      // the first scenario's customer was done by the first run of these dates: a rerun skips it
      await runDay(database, '2026-10-27', { chunkSize });
      expect(await entriesOf(database, customer)).toEqual([
        {
          kind: 'recurring.debit',
          date: '2026-10-27',
          description: `積立 口座振替 ${larger}、口座振替 ${smaller} 2026-10`,
          lines: [
            { account: 'bank_clearing', customer: null, amount: '50000' },
            { account: 'customer_unsettled', customer, amount: '-50000' },
          ],
        },
      ]);
      expect(await cashOf(database, customer, 'customer_unsettled')).toBe(50_000n);

      await runDay(database, '2026-10-28', { chunkSize });
      await runDay(database, '2026-10-29', { chunkSize });
      const perPlan = await database.db.execute(sql`SELECT p.id,
          (SELECT count(*)::int FROM recurring_debits d WHERE d.recurring_purchase_id = p.id) AS debits,
          (SELECT count(*)::int FROM orders o WHERE o.recurring_purchase_id = p.id) AS orders
        FROM recurring_purchases p WHERE p.customer_id = ${customer}::uuid ORDER BY p.amount DESC`);
      expect((perPlan as unknown as { rows: Row[] }).rows).toEqual([
        { id: larger, debits: 1, orders: 1 },
        { id: smaller, debits: 1, orders: 1 },
      ]);
      await expectLedgerConsistent(database);
    },
    60_000,
  );
});
