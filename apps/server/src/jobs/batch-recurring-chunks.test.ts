import { randomUUID } from 'node:crypto';
import {
  customerAccounts,
  customers,
  nisaUsage,
  recurringPurchases,
  type DatabaseHandle,
  type NewRecurringPurchase,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerConsistent,
  insertFund,
  insertNavs,
  linkCard,
  registerBankAccount,
  runDay,
  runDays,
} from './test/batch-fixtures.ts';

/**
 * The set-based chunk path of the monthly steps (recurring debits, recurring orders) against the exact
 * per-item path: the same rows for the same input, and a chunk with one failing plan still does the rest.
 */

type Row = Record<string, unknown>;

async function rowsOf(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

let accountNumber = 3_100_000;

/** The same customers, funds and plans (same ids) in every database it is given. */
function scenario() {
  const fund = { plain: randomUUID(), second: randomUUID(), unpriced: randomUUID() };
  const customer = {
    plain: randomUUID(),
    overflow: randomUUID(),
    card: randomUUID(),
    debitFail: randomUUID(),
    pendingChange: randomUUID(),
    streak: randomUUID(),
    unpriced: randomUUID(),
    bonus: randomUUID(),
    child: randomUUID(),
  };
  const numbers = Object.fromEntries(
    Object.keys(customer).map((name) => {
      accountNumber += 1;
      return [name, String(accountNumber)];
    }),
  );
  const plan = (
    customerId: string,
    fundId: string,
    accountType: 'specific' | 'nisa2_tsumitate' | 'nisa2_growth',
    amount: bigint,
    extra: Partial<NewRecurringPurchase> = {},
  ): NewRecurringPurchase => ({
    id: randomUUID(),
    customerId,
    fundId,
    accountType,
    amount,
    paymentMethod: 'ACCOUNT_TRANSFER',
    startMonth: '2026-10-01',
    ...extra,
  });
  const plans: NewRecurringPurchase[] = [
    plan(customer.plain, fund.plain, 'specific', 10_000n),
    plan(customer.plain, fund.second, 'nisa2_tsumitate', 30_000n),
    // 10,000 of the つみたて limit left: 20,000 overflows to 成長, 8,000 still fits
    plan(customer.overflow, fund.plain, 'nisa2_tsumitate', 20_000n),
    plan(customer.overflow, fund.second, 'nisa2_tsumitate', 8_000n),
    // card limit: 60,000 goes through, 50,000 more fails
    plan(customer.card, fund.plain, 'specific', 60_000n, { paymentMethod: 'CREDIT_CARD' }),
    plan(customer.card, fund.second, 'specific', 50_000n, { paymentMethod: 'CREDIT_CARD' }),
    plan(customer.debitFail, fund.plain, 'specific', 5_000n),
    plan(customer.pendingChange, fund.plain, 'specific', 10_000n, {
      batchFlag: 'update',
      batchAppliesFrom: '2026-10-01',
      pendingAmount: 15_000n,
    }),
    plan(customer.streak, fund.plain, 'specific', 7_000n, { consecutiveDebitFailures: 2 }),
    plan(customer.unpriced, fund.unpriced, 'specific', 9_000n),
    plan(customer.unpriced, fund.plain, 'nisa2_growth', 6_000n),
    plan(customer.bonus, fund.second, 'nisa2_growth', 5_000n, { bonusMonths: [10], bonusAmount: 5_000n }),
    plan(customer.child, fund.plain, 'nisa2_tsumitate', 12_000n),
  ];

  async function seed(handle: DatabaseHandle) {
    await insertFund(handle, { id: fund.plain, code: 'CHUNK001' });
    await insertFund(handle, { id: fund.second, code: 'CHUNK002' });
    await insertFund(handle, { id: fund.unpriced, code: 'CHUNK003' });
    await insertNavs(handle, fund.plain, '2026-10-01', '2026-11-30', 10_000n);
    await insertNavs(handle, fund.second, '2026-10-01', '2026-11-30', 20_000n);
    for (const [name, id] of Object.entries(customer)) {
      await handle.db.insert(customers).values({
        id,
        accountNumber: numbers[name]!,
        branchCode: '001',
        lastName: '山田',
        firstName: '花子',
        lastNameKana: 'ヤマダ',
        firstNameKana: 'ハナコ',
        accountRole: name === 'child' ? 'CHILD' : 'ADULT',
        equityStatus: 'OPEN',
        lastConfirmedOn: '2026-04-01',
        birthDate: name === 'child' ? '2015-05-05' : '1985-05-05',
        email: `${name === 'debitFail' ? 'chunk+debitfail' : `chunk-${numbers[name]}`}@example.jp`,
      });
      await handle.db.insert(customerAccounts).values(
        (['specific', 'nisa2_tsumitate', 'nisa2_growth'] as const).map((accountType) => ({
          customerId: id,
          accountType,
          openedOn: '2024-01-04',
        })),
      );
      await registerBankAccount(handle, id, numbers[name]!);
    }
    await linkCard(handle, customer.card, { state: 'NOT_POINTS_CARD' });
    await handle.db
      .insert(nisaUsage)
      .values({ customerId: customer.overflow, year: 2026, bucket: 'tsumitate', purchased: 1_190_000n });
    await handle.db.insert(recurringPurchases).values(plans);
  }
  return { fund, customer, plans, seed };
}

/**
 * Everything the monthly steps write, with the ids the batch generates (debits, orders, entries) replaced
 * by stable labels, as sorted JSON lines: two databases with the same input must give the same text.
 */
async function writtenRows(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const labels = new Map<string, string>();
  for (const row of await rowsOf(
    handle,
    sql`SELECT id, recurring_purchase_id, month::text FROM recurring_debits`,
  )) {
    labels.set(String(row.id), `debit:${String(row.recurring_purchase_id)}:${String(row.month)}`);
  }
  for (const row of await rowsOf(handle, sql`SELECT id, idempotency_key FROM orders`)) {
    labels.set(String(row.id), `order:${String(row.idempotency_key)}`);
  }
  const normalise = (rows: Row[]) =>
    rows
      .map((row) => {
        let text = JSON.stringify(row);
        for (const [id, label] of labels) text = text.replaceAll(id, label);
        return text;
      })
      .sort();
  return {
    debits: normalise(
      await rowsOf(
        handle,
        sql`SELECT recurring_purchase_id, month::text, debit_date::text, amount::text, payment_status,
          failure_reason FROM recurring_debits`,
      ),
    ),
    plans: normalise(
      await rowsOf(
        handle,
        sql`SELECT id, status, amount::text, bonus_months, bonus_amount::text, payment_method,
          consecutive_debit_failures, batch_flag, batch_applies_from::text, pending_amount::text
        FROM recurring_purchases`,
      ),
    ),
    orders: normalise(
      await rowsOf(
        handle,
        sql`SELECT id, customer_id, account_type, fund_id, channel, order_type, status, idempotency_key,
          requested_amount::text, requested_units::text, reserved_units::text, executed_units::text,
          executed_amount::text, executed_nav::text, executed_price::text, points_used::text,
          points_value::text, payment_method, payment_status, application_date::text, trade_date::text,
          settlement_date::text, cancel_deadline, nisa_bucket, nisa_amount::text, tax_withheld::text,
          recurring_purchase_id, recurring_debit_id, scheduled_sell_id, canceled_at, created_at, updated_at
        FROM orders`,
      ),
    ),
    entries: normalise(
      await rowsOf(
        handle,
        sql`SELECT e.kind, e.business_date::text, e.customer_id, e.order_id, e.description,
          (SELECT json_agg(json_build_object('account', l.account, 'customer', l.customer_id,
             'amount', l.amount::text) ORDER BY l.account, l.customer_id, l.amount)
           FROM journal_lines l WHERE l.entry_id = e.id) AS lines
        FROM journal_entries e WHERE e.kind <> 'recurring.debit'`,
      ),
    ),
    // the debits' journal entries differ in shape on purpose (decision 008): one per customer on the
    // per-item path, one per chunk on the set-based one; what each customer was credited, and the bank's
    // total, are the same
    debitCredits: normalise(
      await rowsOf(
        handle,
        sql`SELECT e.business_date::text, l.customer_id, sum(l.amount)::text AS amount
        FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE e.kind = 'recurring.debit' AND l.account = 'customer_unsettled' GROUP BY 1, 2`,
      ),
    ),
    debitCollections: normalise(
      await rowsOf(
        handle,
        sql`SELECT e.business_date::text, sum(l.amount)::text AS amount
        FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE e.kind = 'recurring.debit' AND l.account = 'bank_clearing' GROUP BY 1`,
      ),
    ),
    balances: normalise(
      await rowsOf(handle, sql`SELECT customer_id, account, balance::text FROM customer_balances`),
    ),
    nisaUsage: normalise(
      await rowsOf(
        handle,
        sql`SELECT customer_id, year, bucket, purchased::text, freed::text FROM nisa_usage`,
      ),
    ),
    notices: normalise(
      await rowsOf(
        handle,
        sql`SELECT customer_id, category, title, body, published_at FROM informations
          WHERE customer_id IS NOT NULL`,
      ),
    ),
    trades: normalise(
      await rowsOf(
        handle,
        sql`SELECT customer_id, account_type, fund_id, order_id, type, side, units::text,
          price_per_10k::text, amount::text FROM trades`,
      ),
    ),
    runs: normalise(
      await rowsOf(
        handle,
        sql`SELECT step, business_date::text, item_id, status, attempts, last_error FROM batch_step_runs
          WHERE step IN ('recurring-debits', 'recurring-orders')`,
      ),
    ),
  };
}

describe('the monthly steps in chunks write exactly what the per-item path writes', () => {
  const input = scenario();
  let perItem: TestDatabase;
  let chunked: TestDatabase;

  beforeAll(async () => {
    perItem = await createTestDatabase();
    chunked = await createTestDatabase();
    await input.seed(perItem);
    await input.seed(chunked);
  }, 120_000);
  afterAll(async () => {
    await perItem.drop();
    await chunked.drop();
  });

  it('debits (27th, Tuesday) and orders (29th) with overflow, card limit, failures, pending change, refund', async () => {
    const failedChunks: string[] = [];
    const setBased: Record<string, number> = {};
    const leftToProcess: Record<string, number> = {};
    await runDays(perItem, '2026-10-27', '2026-10-29', { chunkSize: 0 });
    // chunks of 4 items: several chunks, each with plain customers and ones left to the per-item path
    await runDays(chunked, '2026-10-27', '2026-10-29', {
      chunkSize: 4,
      hooks: {
        onChunkFailed: (step) => failedChunks.push(step),
        onChunkDone: (step, done, left) => {
          setBased[step] = (setBased[step] ?? 0) + done;
          leftToProcess[step] = (leftToProcess[step] ?? 0) + left;
        },
      },
    });
    expect(failedChunks).toEqual([]);
    // debits: 5 plain customers set-based; card limit, debitfail, pending change, streak per item.
    // orders: 7 set-based (the debitfail customer has nothing to place); the unpriced fund's per item
    expect(setBased).toEqual({ 'recurring-debits': 5, 'recurring-orders': 7 });
    expect(leftToProcess).toEqual({ 'recurring-debits': 4, 'recurring-orders': 1 });
    const expected = await writtenRows(perItem);
    const actual = await writtenRows(chunked);
    // the scenario covers what it claims
    expect(expected.debits!.filter((row) => row.includes('"FAILURE"'))).toHaveLength(3);
    // 10 plans placed; the overflow customer's 20,000 is two orders (10,000 つみたて + 10,000 成長)
    expect(expected.orders).toHaveLength(11);
    // told: the overflow customer's split 20,000 and moved 8,000, the child's つみたて plan bought taxable
    expect(
      expected.notices!.filter((row) => row.includes('NISAの積立の買付口座についてのお知らせ')),
    ).toHaveLength(3);
    expect(expected.entries!.filter((row) => row.includes('recurring.refund'))).toHaveLength(1);
    expect(expected.debitCredits).toHaveLength(8);
    expect(actual).toEqual(expected);
    await expectLedgerConsistent(perItem);
    await expectLedgerConsistent(chunked);
  }, 120_000);

  it('a rerun of the days changes nothing on either path', async () => {
    const before = await writtenRows(chunked);
    await runDays(chunked, '2026-10-27', '2026-10-29');
    expect(await writtenRows(chunked)).toEqual(before);
  }, 60_000);
});

describe('a chunk with one failing plan', () => {
  const input = scenario();
  let database: TestDatabase;
  const badDebitPlan = () => input.plans.find((plan) => plan.customerId === input.customer.bonus)!.id!;
  const badOrderPlan = () => input.plans.find((plan) => plan.amount === 10_000n)!.id!;

  beforeAll(async () => {
    database = await createTestDatabase();
    await input.seed(database);
    // a plan the database refuses (as a broken row would): one on the debit day, another on the order day
    await database.db.execute(
      sql.raw(`CREATE FUNCTION chunk_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.recurring_purchase_id::text = TG_ARGV[0] THEN
          RAISE EXCEPTION 'plan % refused by the test', NEW.recurring_purchase_id;
        END IF;
        RETURN NEW;
      END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER chunk_test_refuse_debit BEFORE INSERT ON recurring_debits
        FOR EACH ROW EXECUTE FUNCTION chunk_test_refuse('${badDebitPlan()}')`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER chunk_test_refuse_order BEFORE INSERT ON orders
        FOR EACH ROW EXECUTE FUNCTION chunk_test_refuse('${badOrderPlan()}')`),
    );
  }, 60_000);
  afterAll(() => database.drop());

  const runsOf = async (step: string, date: string) =>
    rowsOf(
      database,
      sql`SELECT item_id, status, last_error FROM batch_step_runs
        WHERE step = ${step} AND business_date = ${date}::date ORDER BY item_id`,
    );

  it('does the other customers of the chunk and marks only that one FAILED with its error', async () => {
    const failedChunks: string[] = [];
    const debitDay = await runDay(database, '2026-10-27', {
      hooks: { onChunkFailed: (step) => failedChunks.push(step) },
    });
    expect(failedChunks).toEqual(['recurring-debits']);
    const debitRuns = await runsOf('recurring-debits', '2026-10-27');
    expect(debitRuns).toHaveLength(Object.keys(input.customer).length);
    const failedDebits = debitRuns.filter((row) => row.status === 'FAILED');
    expect(failedDebits.map((row) => String(row.item_id))).toEqual([`${input.customer.bonus}:2026-10`]);
    expect(String(failedDebits[0]!.last_error)).toContain('refused by the test');
    expect(debitDay.unfinished).toBe(1);
    const [debits] = await rowsOf(database, sql`SELECT count(*)::int AS n FROM recurring_debits`);
    expect(debits?.n).toBe(input.plans.length - 1);
    await expectLedgerConsistent(database);

    // the next run (the day again) does the failed one once the cause is gone
    await database.db.execute(sql`DROP TRIGGER chunk_test_refuse_debit ON recurring_debits`);
    const rerun = await runDay(database, '2026-10-27');
    expect(rerun.unfinished).toBe(0);
    expect(rerun.steps.find((step) => step.step === 'recurring-debits')).toMatchObject({
      alreadyDone: Object.keys(input.customer).length - 1,
      outcomes: { debited: 1 },
    });
  }, 60_000);

  it('on the order day too: one FAILED item, every other order placed', async () => {
    await runDay(database, '2026-10-28');
    const failedChunks: string[] = [];
    await runDay(database, '2026-10-29', {
      hooks: { onChunkFailed: (step) => failedChunks.push(step) },
    });
    expect(failedChunks).toEqual(['recurring-orders']);
    const orderRuns = await runsOf('recurring-orders', '2026-10-29');
    const failed = orderRuns.filter((row) => row.status === 'FAILED');
    expect(failed.map((row) => String(row.item_id))).toEqual([`${input.customer.plain}:2026-10`]);
    expect(String(failed[0]!.last_error)).toContain('refused by the test');
    const [placed] = await rowsOf(
      database,
      sql`SELECT count(*)::int AS n FROM orders WHERE channel = 'TSUMITATE'`,
    );
    // 13 plans: 2 debits failed (card limit, debitfail), the unpriced fund's one refunded, the bad
    // customer's 2 not placed; the overflow customer's 20,000 is split into two orders (つみたて + 成長)
    expect(placed?.n).toBe(13 - 2 - 1 - 2 + 1);
    await expectLedgerConsistent(database);
  }, 60_000);
});
