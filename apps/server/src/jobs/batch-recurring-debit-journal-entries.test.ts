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

/** The recurring.debit entries whose lines credit the customer, each with all its lines. */
async function entriesOf(database: TestDatabase, customerId: string): Promise<Row[]> {
  const result = await database.db.execute(sql`SELECT e.kind, e.business_date::text AS date, e.customer_id,
      e.description,
      (SELECT json_agg(json_build_object('account', l.account, 'customer', l.customer_id,
         'amount', l.amount::text) ORDER BY l.account::text, l.customer_id) FROM journal_lines l
       WHERE l.entry_id = e.id) AS lines
    FROM journal_entries e WHERE e.kind = 'recurring.debit'
      AND EXISTS (SELECT 1 FROM journal_lines l WHERE l.entry_id = e.id AND l.customer_id = ${customerId}::uuid)`);
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * Decision 008: a customer's debits of the month are credited to customer_unsettled as one line of their
 * total, not one per plan; the debits and the orders stay one per plan. The per-item path (`process`, chunk
 * size 0) writes one entry per customer naming the plans; the set-based chunk writes one entry per chunk —
 * the bank's one collection of the chunk's debits (bank_clearing, their total) with a line per customer.
 * The batch's orders have no audit entry (the plan is the customer's audited act).
 */
describe('recurring debits on the 27th: one credit line per customer and month', () => {
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

  const expectPlacedOncePerPlan = async (customer: string, plans: readonly string[]) => {
    await runDay(database, '2026-10-28');
    await runDay(database, '2026-10-29');
    const perPlan = await database.db.execute(sql`SELECT p.id,
        (SELECT count(*)::int FROM recurring_debits d WHERE d.recurring_purchase_id = p.id) AS debits,
        (SELECT count(*)::int FROM orders o WHERE o.recurring_purchase_id = p.id) AS orders
      FROM recurring_purchases p WHERE p.customer_id = ${customer}::uuid ORDER BY p.amount DESC`);
    expect((perPlan as unknown as { rows: Row[] }).rows).toEqual(
      plans.map((id) => ({ id, debits: 1, orders: 1 })),
    );
    const audited = await database.db.execute(sql`SELECT count(*)::int AS n FROM audit_log
      WHERE action = 'order.created' AND subject_customer_id = ${customer}::uuid`);
    expect((audited as unknown as { rows: Row[] }).rows).toEqual([{ n: 0 }]);
    await expectLedgerConsistent(database);
  };

  it('two plans of 30,000 and 20,000 debited through the per-item path: one entry of 50,000 naming both plans, two debits, two orders', async () => {
    const customer = await insertCustomer(database);
    const [larger, smaller] = await plansFor(customer);
    await runDay(database, '2026-10-27', { chunkSize: 0 });
    expect(await entriesOf(database, customer)).toEqual([
      {
        kind: 'recurring.debit',
        date: '2026-10-27',
        customer_id: customer,
        description: `積立 口座振替 ${larger}、口座振替 ${smaller} 2026-10`,
        lines: [
          { account: 'bank_clearing', customer: null, amount: '50000' },
          { account: 'customer_unsettled', customer, amount: '-50000' },
        ],
      },
    ]);
    expect(await cashOf(database, customer, 'customer_unsettled')).toBe(50_000n);
    await expectPlacedOncePerPlan(customer, [larger!, smaller!]);
  }, 60_000);

  it('two customers with plans of 30,000 and 20,000 debited through the set-based chunk: one entry, the bank line of 100,000 and a line of 50,000 per customer', async () => {
    const first = await insertCustomer(database);
    const second = await insertCustomer(database);
    const firstPlans = await plansFor(first);
    const secondPlans = await plansFor(second);
    // the first scenario's customer was done by the first run of this date: a rerun skips it
    await runDay(database, '2026-10-27');
    const [entry, ...others] = await entriesOf(database, first);
    expect(others).toEqual([]);
    expect(await entriesOf(database, second)).toEqual([entry]);
    const customerLines = [first, second]
      .sort()
      .map((customer) => ({ account: 'customer_unsettled', customer, amount: '-50000' }));
    expect(entry).toEqual({
      kind: 'recurring.debit',
      date: '2026-10-27',
      customer_id: null,
      description: '積立 口座振替 2026-10 2件',
      lines: [{ account: 'bank_clearing', customer: null, amount: '100000' }, ...customerLines],
    });
    for (const customer of [first, second]) {
      expect(await cashOf(database, customer, 'customer_unsettled')).toBe(50_000n);
    }
    await expectPlacedOncePerPlan(first, firstPlans);
    await expectPlacedOncePerPlan(second, secondPlans);
  }, 60_000);
});
