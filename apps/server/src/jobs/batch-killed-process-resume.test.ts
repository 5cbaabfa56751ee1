import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { transferDebitDate, transferPurchaseOrderDate, type YearMonth } from '@fund/domain';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent, insertFund, insertNavs, runDay } from './test/batch-fixtures.ts';

/**
 * The batch killed for real: the CLI (`npm run batch`) runs in a child process on a PostgreSQL database of
 * its own, is killed with SIGKILL while it executes the month's recurring purchase orders one commit at a
 * time, and is run again for the same date. Nothing of the killed process may survive but what it
 * committed, and the rerun must finish every item exactly once.
 *
 * PostgreSQL only: PGlite lives in the test process and cannot be shared with a second one.
 */

const onPostgres = process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '';

/** Customers, one 10,000-yen plan each: one execute-orders item (one commit) per plan. */
const plans = 1_000;
const month: YearMonth = { year: 2026, month: 10 };
const lag = 2;
const debitDate = transferDebitDate(month);
/** The date the CLI runs: recurring-orders places the month's orders, execute-orders executes them. */
const purchaseDate = transferPurchaseOrderDate(month, lag);
/** Executed orders (committed) after which the run is killed: well inside the step, far from its end. */
const killAfter = 50;

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const batchCli = fileURLToPath(new URL('./batch-cli.ts', import.meta.url));

type Row = Record<string, unknown>;

async function rowsOf(database: TestDatabase, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function countOf(database: TestDatabase, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf(database, query);
  return Number(row?.n ?? Number.NaN);
}

/** The URL of the test database: the server of DATABASE_URL, the database createTestDatabase made. */
async function urlOf(database: TestDatabase): Promise<string> {
  const [row] = await rowsOf(database, sql`SELECT current_database() AS name`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${String(row!.name)}`;
  return url.toString();
}

/** N customers with a specific account, each with one ACTIVE 10,000-yen account-transfer plan of the fund. */
async function seedPlans(database: TestDatabase, fundId: string, count: number): Promise<void> {
  await database.db.execute(sql`INSERT INTO customers (account_number, branch_code, last_name, first_name,
      last_name_kana, first_name_kana, account_role, equity_status, last_confirmed_on, birth_date, email)
    SELECT (7000000 + n)::text, '001', '積立', '試験' || n, 'ツミタテ', 'シケン', 'ADULT', 'OPEN',
      '2026-04-01', '1985-05-05', 'killed-batch-' || n || '@example.jp'
    FROM generate_series(1, ${count}::int) AS n`);
  await database.db.execute(sql`INSERT INTO customer_accounts (customer_id, account_type, opened_on)
    SELECT id, 'specific', '2024-01-04' FROM customers`);
  await database.db.execute(sql`INSERT INTO prospectus_confirmations (customer_id, fund_id, version)
    SELECT id, ${fundId}::uuid, 1 FROM customers`);
  // the bank account 口座振替 debits (decision 035)
  await database.db.execute(sql`INSERT INTO account_transfer_accounts (customer_id, bank_code, bank_name,
      branch_code, branch_name, account_type, account_number, holder_name_kana)
    SELECT id, '0005', 'テスト銀行', '001', '本店', 'ORDINARY', lpad(right(account_number, 7), 7, '0'), 'ツミタテ シケン'
    FROM customers`);
  await database.db.execute(sql`INSERT INTO recurring_purchases (customer_id, fund_id, account_type, amount,
      payment_method, start_month)
    SELECT id, ${fundId}::uuid, 'specific', 10000, 'ACCOUNT_TRANSFER', '2026-10-01' FROM customers`);
  await database.db.execute(sql`ANALYZE`);
}

interface BatchExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** stdout and stderr, for the failure messages. */
  readonly output: string;
}

interface BatchProcess {
  /** Resolves when the process has ended. */
  readonly exited: Promise<BatchExit>;
  /** The exit once the process has ended, undefined while it runs. */
  exit(): BatchExit | undefined;
  kill(signal: NodeJS.Signals): void;
}

/** Every batch process a test started, killed after the test whatever its outcome. */
const started = new Set<BatchProcess>();

/**
 * `npm run batch -- --date <date> --workers 1` as a process of its own: the script of `npm run batch`
 * (`tsx apps/server/src/jobs/batch-cli.ts`), run by node with tsx's loader (`--import tsx`) rather than by
 * the tsx launcher, which runs the script in a second node process that a SIGKILL to the launcher would
 * leave running.
 */
function startBatch(databaseUrl: string, date: string): BatchProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', batchCli, '--date', date, '--workers', '1'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      // no demo NAVs, no demo debit failures, no demo clock: the batch on the rows the test seeded only
      BATCH_DEMO: 'false',
      DEMO_CLOCK: 'false',
      BATCH_PURCHASE_LAG_DAYS: String(lag),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: BatchExit | undefined;
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<BatchExit>((resolve) => {
    child.once('error', (error) => {
      exit = { code: null, signal: null, output: `${output}\n${error.message}` };
      resolve(exit);
    });
    child.once('close', (code, signal) => {
      exit = { code, signal, output };
      resolve(exit);
    });
  });
  const batch: BatchProcess = {
    exited,
    exit: () => exit,
    kill: (signal) => {
      if (exit === undefined) child.kill(signal);
    },
  };
  started.add(batch);
  void exited.then(() => started.delete(batch));
  return batch;
}

interface StepProgress {
  readonly done: number;
  readonly total: number;
}

/** SUCCEEDED / all items of each step of the date, as committed. */
async function progressOf(database: TestDatabase, date: string): Promise<Map<string, StepProgress>> {
  const rows = await rowsOf(
    database,
    sql`SELECT step, (count(*) FILTER (WHERE status = 'SUCCEEDED'))::int AS done, count(*)::int AS total
      FROM batch_step_runs WHERE business_date = ${date}::date GROUP BY step`,
  );
  return new Map(rows.map((row) => [String(row.step), { done: Number(row.done), total: Number(row.total) }]));
}

/** 買付約定のお知らせ: execute-orders posts one per executed buy, in the order's transaction. */
function executionNotices(database: TestDatabase): Promise<number> {
  return countOf(
    database,
    sql`SELECT count(*)::int AS n FROM informations WHERE title = '買付約定のお知らせ'`,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres)('batch killed mid-run by SIGKILL then rerun (PostgreSQL)', () => {
  let database: TestDatabase;
  let databaseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    databaseUrl = await urlOf(database);
    // buys settle 3 business days after the 約定日: the purchase date's run places and executes, no more
    const fundId = await insertFund(database, { code: 'KILL0001' });
    await insertNavs(database, fundId, '2026-10-01', '2026-11-30', 10_000n);
    await seedPlans(database, fundId, plans);
    // the month's debits, in this process: the killed run places and executes their orders
    const debits = await runDay(database, debitDate, { purchaseLagBusinessDays: lag });
    expect(debits.unfinished).toBe(0);
    expect(
      await countOf(
        database,
        sql`SELECT count(*)::int AS n FROM recurring_debits WHERE payment_status = 'RECEIVED'`,
      ),
    ).toBe(plans);
  }, 120_000);
  afterAll(() => database?.drop());

  afterEach(async () => {
    for (const batch of started) batch.kill('SIGKILL');
    await Promise.all([...started].map((batch) => batch.exited));
  });

  it('keeps what the killed process committed and nothing else; the rerun does each remaining item once', async () => {
    // 1. the run, killed while execute-orders is part-way through (one commit per order)
    const killed = startBatch(databaseUrl, purchaseDate);
    let seen: StepProgress | undefined;
    const deadline = performance.now() + 90_000;
    while (seen === undefined) {
      const progress = (await progressOf(database, purchaseDate)).get('execute-orders');
      if (progress !== undefined && progress.done >= killAfter && progress.done < progress.total) {
        killed.kill('SIGKILL');
        seen = progress;
        continue;
      }
      const exit = killed.exit();
      if (exit !== undefined) {
        throw new Error(
          `The batch ended (code ${exit.code}) before it could be killed mid-run, execute-orders ` +
            `${progress?.done ?? 0}/${progress?.total ?? 0} done: seed more than ${plans} plans.\n${exit.output}`,
        );
      }
      if (progress !== undefined && progress.done === progress.total) {
        throw new Error(
          `execute-orders did all its ${progress.total} items between two polls: seed more than ${plans} plans.`,
        );
      }
      if (performance.now() > deadline) {
        killed.kill('SIGKILL');
        throw new Error(
          `execute-orders did not reach ${killAfter} items within 90 s (${JSON.stringify(progress)}).\n` +
            (await killed.exited).output,
        );
      }
      await sleep(20);
    }
    const end = await killed.exited;
    expect(end.signal, `the batch was not killed but ended by itself:\n${end.output}`).toBe('SIGKILL');
    expect(end.output, 'the killed run never reached its end').not.toContain('Ledger:');

    // 2. what the killed process left: its commits only, the item in flight rolled back with it
    const left = (await progressOf(database, purchaseDate)).get('execute-orders')!;
    expect(left.total).toBe(plans);
    expect(left.done).toBeGreaterThanOrEqual(seen.done);
    expect(left.done, 'killed mid-run: some orders executed').toBeGreaterThan(0);
    expect(left.done, 'killed mid-run: some orders not executed yet').toBeLessThan(plans);
    const statuses = await rowsOf(
      database,
      sql`SELECT status::text AS status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status`,
    );
    // an order is EXECUTED exactly when its item's "done" mark committed: they commit together
    expect(statuses).toEqual([
      { status: 'EXECUTED', n: left.done },
      { status: 'ORDERED', n: plans - left.done },
    ]);
    const running = await countOf(
      database,
      sql`SELECT count(*)::int AS n FROM batch_step_runs
        WHERE business_date = ${purchaseDate}::date AND status = 'RUNNING'`,
    );
    expect(running, 'a claim of the killed process survived it').toBe(0);
    expect(await executionNotices(database)).toBe(left.done);
    expect(
      await countOf(database, sql`SELECT count(*)::int AS n FROM batch_step_runs WHERE step = 'day-done'`),
    ).toBe(1); // the debit date's, not the killed one's
    await expectLedgerConsistent(database);

    // 3. the same date again, to the end
    const rerun = await startBatch(databaseUrl, purchaseDate).exited;
    expect(rerun, rerun.output).toMatchObject({ code: 0, signal: null });
    expect(rerun.output).toContain('Ledger: consistent.');
    expect(rerun.output).toMatch(
      new RegExp(
        `execute-orders +${plans} item\\(s\\); ${left.done} already done; buy-executed ${plans - left.done}\\b`,
      ),
    );

    // every item of every step of the date finished, and the date is done
    const after = await progressOf(database, purchaseDate);
    for (const [step, progress] of after)
      expect(progress, step).toEqual({ done: progress.total, total: progress.total });
    expect(after.get('recurring-orders')).toEqual({ done: plans, total: plans });
    expect(after.get('execute-orders')).toEqual({ done: plans, total: plans });
    expect(after.get('day-done')).toEqual({ done: 1, total: 1 });

    // exactly once: one debit, one order, one execution notice per plan and month
    expect(
      await rowsOf(
        database,
        sql`SELECT p.id, count(DISTINCT d.id)::int AS debits, count(DISTINCT o.id)::int AS orders
          FROM recurring_purchases p
          LEFT JOIN recurring_debits d ON d.recurring_purchase_id = p.id AND d.month = '2026-10-01'
          LEFT JOIN orders o ON o.recurring_purchase_id = p.id
          GROUP BY p.id HAVING count(DISTINCT d.id) <> 1 OR count(DISTINCT o.id) <> 1`,
      ),
    ).toEqual([]);
    expect(
      await rowsOf(
        database,
        sql`SELECT status::text AS status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status`,
      ),
    ).toEqual([{ status: 'EXECUTED', n: plans }]);
    expect(
      await rowsOf(
        database,
        sql`SELECT kind, order_id FROM journal_entries WHERE order_id IS NOT NULL
          GROUP BY kind, order_id HAVING count(*) > 1`,
      ),
    ).toEqual([]);
    // the debits' entries (one per chunk, decision 008) credit each customer once, and are all there is
    expect(await rowsOf(database, sql`SELECT DISTINCT kind FROM journal_entries ORDER BY kind`)).toEqual([
      { kind: 'recurring.debit' },
    ]);
    expect(
      await rowsOf(
        database,
        sql`SELECT count(*)::int AS lines, count(DISTINCT customer_id)::int AS customers,
          sum(amount)::text AS total
          FROM journal_lines WHERE account = 'customer_unsettled' AND amount < 0`,
      ),
    ).toEqual([{ lines: plans, customers: plans, total: String(-10_000 * plans) }]);
    expect(
      await rowsOf(
        database,
        sql`SELECT customer_id, count(*)::int AS n FROM informations WHERE title = '買付約定のお知らせ'
          GROUP BY customer_id HAVING count(*) <> 1`,
      ),
    ).toEqual([]);
    expect(await executionNotices(database)).toBe(plans);
    await expectLedgerConsistent(database);
  }, 180_000);
});
