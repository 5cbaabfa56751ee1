// Batch budget of performance.md: the monthly scheduled-buy run of the real business-day batch for N
// recurring purchases (10k and 100k) on PostgreSQL, against one set-based INSERT … SELECT of N order rows
// measured on the same database in the same run.
//
// What is timed: the two steps of apps/server/src/jobs that make a month's 積立 — `recurring-debits` on the
// month's debit date (one 口座振替 per plan, journal entries) and `recurring-orders` on the purchase date
// (one TSUMITATE order per plan through placeBuyOrder) — run by the batch's own runner (`runStep`), the
// other steps of those days left out. Each N gets a fresh database.
import { randomUUID } from 'node:crypto';
import { seedDemoData, type DatabaseHandle } from '@fund/db';
import { transferDebitDate, transferPurchaseOrderDate, type YearMonth } from '@fund/domain';
import { sql } from 'drizzle-orm';
import { parseConfig } from '../apps/server/src/config/config.ts';
import { BatchAbortedError, runStep, type StepReport } from '../apps/server/src/jobs/batch-runner.ts';
import { daySteps } from '../apps/server/src/jobs/day-steps.ts';
import { noDebitFailures } from '../apps/server/src/jobs/steps/recurring-debits.step.ts';
import { createBenchDatabase, rowsOf } from './support/database.ts';
import { envFlag, envNumber, envNumbers, envText, postgresServerUrl } from './support/env.ts';
import { budget, finish, printBudgets, round, type BudgetCheck } from './support/report.ts';

const sizes = envNumbers('BENCH_BATCH_SIZES', [10_000, 100_000]);
const defaults = parseConfig({ NODE_ENV: 'test', PGLITE_DATA_DIR: 'memory://' }).batch;
/** Claim loops, as BATCH_WORKERS would set them (the server's default unless BENCH_BATCH_WORKERS). */
const workers = envNumber('BENCH_BATCH_WORKERS', defaults.workers);
const lag = defaults.purchaseLagDays;
const month: YearMonth = { year: 2026, month: 10 };
const monthStart = '2026-10-01';
const plansPerCustomer = 2;
/** Passed to the runner only when set, as BATCH_ITEMS_PER_TRANSACTION and the chunk size would be. */
const itemsPerTransaction = envText('BENCH_BATCH_ITEMS_PER_TRANSACTION');
const chunkSize = envText('BENCH_BATCH_CHUNK_SIZE');
/** A size whose two steps take longer than this is stopped: its time is then a lower bound. */
const capSeconds = envNumber('BENCH_BATCH_MAX_SECONDS', 240);
const limits = { floorRatio: 3, scaling: 12 };
/** For profiling: keep each size's database (its name is printed) instead of dropping it. */
const keepDatabase = envFlag('BENCH_BATCH_KEEP_DATABASE');

/**
 * N plans, set-based: N / 2 adult customers, each with a specific account, a NISA つみたて投資枠 and a bank
 * account for 口座振替, one
 * 10,000-yen plan of a fund in the specific account and one of a つみたて-eligible fund in the NISA 枠.
 */
async function seedPlans(handle: DatabaseHandle, plans: number): Promise<void> {
  const customers = Math.ceil(plans / plansPerCustomer);
  await handle.db.execute(sql`INSERT INTO customers (account_number, branch_code, last_name, first_name,
      last_name_kana, first_name_kana, account_role, equity_status, last_confirmed_on, birth_date, email)
    SELECT lpad((2000000 + n)::text, 7, '0'), '001', '積立', '試験' || n, 'ツミタテ', 'シケン', 'ADULT', 'OPEN',
      '2026-01-05', '1980-04-01', 'batch-' || n || '@example.jp'
    FROM generate_series(1, ${customers}::int) AS n`);
  await handle.db.execute(sql`INSERT INTO customer_accounts (customer_id, account_type, opened_on)
    SELECT c.id, t.account_type::account_type, '2024-01-04' FROM customers c
    CROSS JOIN (VALUES ('specific'), ('nisa2_tsumitate')) AS t(account_type)
    WHERE c.account_number >= '2000001'`);
  // the bank account every 口座振替 is drawn from: without it the debit fails (issue 21)
  await handle.db.execute(sql`INSERT INTO account_transfer_accounts (customer_id, bank_code, bank_name,
      branch_code, branch_name, account_type, account_number, holder_name_kana)
    SELECT id, '0005', 'テスト銀行', '001', '本店', 'ORDINARY', right(account_number, 7), 'シケン'
    FROM customers WHERE account_number >= '2000001'`);
  await handle.db.execute(sql`WITH specific_fund AS (
      SELECT id FROM funds WHERE code = 'DEMOF002'
    ), tsumitate_fund AS (
      SELECT id FROM funds WHERE tsumitate_eligible ORDER BY code LIMIT 1
    ), numbered AS (
      SELECT id, row_number() OVER (ORDER BY account_number) AS n FROM customers WHERE account_number >= '2000001'
    )
    INSERT INTO recurring_purchases (customer_id, fund_id, account_type, amount, payment_method, start_month)
    SELECT c.id, p.fund_id, p.account_type::account_type, 10000, 'ACCOUNT_TRANSFER', '2026-01-01'
    FROM numbered c
    CROSS JOIN (
      SELECT (SELECT id FROM specific_fund) AS fund_id, 'specific' AS account_type, 1 AS k
      UNION ALL SELECT (SELECT id FROM tsumitate_fund), 'nisa2_tsumitate', 2
    ) AS p
    WHERE (c.n - 1) * ${plansPerCustomer} + p.k <= ${plans}`);
  await handle.db.execute(sql`ANALYZE`);
}

/**
 * The floor: one INSERT … SELECT of an ORDERED TSUMITATE order row per plan, with the columns the batch
 * fills, into the real orders table (its constraints, foreign keys and indexes), rolled back and vacuumed
 * afterwards.
 */
async function timeFloor(
  handle: DatabaseHandle,
  purchaseDate: string,
): Promise<{ ms: number; rows: number }> {
  let ms = 0;
  let rows = 0;
  const rollback = new Error('rollback');
  try {
    await handle.db.transaction(async (tx) => {
      const startedAt = performance.now();
      const result = await tx.execute(sql`INSERT INTO orders (customer_id, account_type, fund_id, channel,
          order_type, status, idempotency_key, requested_amount, payment_method, payment_status,
          application_date, trade_date, settlement_date, cancel_deadline, nisa_bucket, nisa_amount,
          recurring_purchase_id)
        SELECT customer_id, account_type, fund_id, 'TSUMITATE', 'AMOUNT', 'ORDERED',
          'floor:' || id || ':2026-10', amount, payment_method, 'RECEIVED', ${purchaseDate}::date,
          ${purchaseDate}::date + 1, ${purchaseDate}::date + 5, ${purchaseDate}::date + interval '6 hours',
          CASE account_type WHEN 'nisa2_tsumitate' THEN 'tsumitate'::nisa_bucket
            WHEN 'nisa2_growth' THEN 'growth'::nisa_bucket END,
          CASE WHEN account_type IN ('nisa2_tsumitate', 'nisa2_growth') THEN amount ELSE 0 END, id
        FROM recurring_purchases WHERE status = 'ACTIVE'`);
      ms = performance.now() - startedAt;
      rows = (result as unknown as { rowCount: number }).rowCount;
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  await handle.db.execute(sql`VACUUM ANALYZE orders`);
  return { ms, rows };
}

interface SizeResult {
  readonly plans: number;
  readonly customers: number;
  readonly floorMs: number;
  readonly floorRows: number;
  readonly debitsMs: number;
  readonly ordersMs: number;
  readonly batchMs: number;
  readonly debitsCreated: number;
  readonly ordersCreated: number;
  readonly steps: readonly StepReport[];
  /** False when the cap stopped the run: batchMs is then a lower bound. */
  readonly finished: boolean;
  readonly note: string | undefined;
  /** Set-based chunks of the runner that failed and went item by item (onChunkFailed). */
  readonly chunkFailures: readonly string[];
}

class CapReached extends Error {}

async function measure(serverUrl: string, plans: number): Promise<SizeResult> {
  const database = await createBenchDatabase(serverUrl, workers + 1);
  try {
    await seedDemoData(database.handle);
    await seedPlans(database.handle, plans);
    const debitDate = transferDebitDate(month);
    const purchaseDate = transferPurchaseOrderDate(month, lag);
    // the floor three times (each rolled back), its median: one statement is easily hit by a busy moment
    const floors: { ms: number; rows: number }[] = [];
    for (let run = 0; run < 3; run += 1) floors.push(await timeFloor(database.handle, purchaseDate));
    const floor = floors.sort((a, b) => a.ms - b.ms)[1]!;

    const settings = { demoPrices: false, debitFailureRule: noDebitFailures, purchaseLagBusinessDays: lag };
    const stepNamed = (name: string) => {
      const step = daySteps.find((candidate) => candidate.name === name);
      if (step === undefined) throw new Error(`the daily batch has no step "${name}" any more`);
      return step;
    };
    const workerId = `bench:${randomUUID().slice(0, 8)}`;
    const now = () => new Date();
    const deadline = performance.now() + capSeconds * 1000;
    const reports: StepReport[] = [];
    const times: Record<string, number> = { 'recurring-debits': 0, 'recurring-orders': 0 };
    let note: string | undefined;
    const chunkFailures: string[] = [];
    const run = async (name: string, businessDate: typeof debitDate): Promise<boolean> => {
      const startedAt = performance.now();
      try {
        reports.push(
          await runStep({
            db: database.handle.db,
            step: stepNamed(name),
            context: { businessDate, now, settings },
            workerId,
            workers,
            ...(itemsPerTransaction === undefined
              ? {}
              : { itemsPerTransaction: Number(itemsPerTransaction) }),
            ...(chunkSize === undefined ? {} : { chunkSize: Number(chunkSize) }),
            hooks: {
              // the runner's own abort: a throw before a commit stops the run (that transaction rolls back)
              beforeCommit: () => {
                if (performance.now() > deadline) throw new CapReached(`over ${capSeconds} s`);
              },
              // a set-based chunk that failed falls back to the per-item path: slower, so say so
              onChunkFailed: (step, itemIds, error) => {
                chunkFailures.push(
                  `${step}: a chunk of ${itemIds.length} items fell back to the per-item path (${
                    error instanceof Error ? error.message.slice(0, 200) : String(error)
                  })`,
                );
              },
            },
          }),
        );
        return true;
      } catch (error) {
        if (!(error instanceof BatchAbortedError) || !(error.cause instanceof CapReached)) throw error;
        const [progress] = await rowsOf<{ done: number; total: number }>(
          database.handle,
          sql`SELECT (count(*) FILTER (WHERE status = 'SUCCEEDED'))::int AS done, count(*)::int AS total
            FROM batch_step_runs WHERE step = ${name} AND business_date = ${businessDate}::date`,
        );
        note = `stopped after ${capSeconds} s (BENCH_BATCH_MAX_SECONDS) in ${name}: ${progress?.done} of ${progress?.total} items done`;
        return false;
      } finally {
        times[name] = performance.now() - startedAt;
      }
    };
    process.stdout.write(`${plans} plans: recurring-debits on ${debitDate}… `);
    let finished = await run('recurring-debits', debitDate);
    process.stdout.write(`${Math.round(times['recurring-debits']!)} ms; `);
    if (finished) {
      process.stdout.write(`recurring-orders on ${purchaseDate}… `);
      finished = await run('recurring-orders', purchaseDate);
      process.stdout.write(`${Math.round(times['recurring-orders']!)} ms`);
    }
    console.log(note === undefined ? '' : ` — ${note}`);

    const [counts] = await rowsOf<{ debits: number; orders: number }>(
      database.handle,
      sql`SELECT (SELECT count(*)::int FROM recurring_debits WHERE month = ${monthStart}::date) AS debits,
        (SELECT count(*)::int FROM orders WHERE channel = 'TSUMITATE') AS orders`,
    );
    return {
      plans,
      customers: Math.ceil(plans / plansPerCustomer),
      floorMs: floor.ms,
      floorRows: floor.rows,
      debitsMs: times['recurring-debits']!,
      ordersMs: times['recurring-orders']!,
      batchMs: times['recurring-debits']! + times['recurring-orders']!,
      debitsCreated: counts!.debits,
      ordersCreated: counts!.orders,
      steps: reports,
      finished,
      note,
      chunkFailures,
    };
  } finally {
    if (keepDatabase) {
      await database.handle.close();
      console.log(`${plans} plans: database kept (BENCH_BATCH_KEEP_DATABASE): ${database.url}`);
    } else {
      await database.drop();
    }
  }
}

const startedAt = performance.now();
const serverUrl = postgresServerUrl();
const results: SizeResult[] = [];
for (const plans of sizes) results.push(await measure(serverUrl, plans));

const bound = (result: SizeResult) => (result.finished ? '' : '≥ ');
console.table(
  Object.fromEntries(
    results.map((result) => [
      `${result.plans} plans`,
      {
        'floor INSERT…SELECT ms': round(result.floorMs, 1),
        'recurring-debits ms': Math.round(result.debitsMs),
        'recurring-orders ms': result.finished ? Math.round(result.ordersMs) : '-',
        'batch ms': `${bound(result)}${Math.round(result.batchMs)}`,
        'batch ÷ floor': `${bound(result)}${round(result.batchMs / result.floorMs, 1)}`,
        'debits made': result.debitsCreated,
        'orders made': result.ordersCreated,
      },
    ]),
  ),
);
for (const result of results) {
  if (result.note !== undefined) console.log(`${result.plans} plans: ${result.note}`);
  if (result.chunkFailures.length > 0) {
    console.log(
      `${result.plans} plans: ${result.chunkFailures.length} chunk(s) fell back, first: ${result.chunkFailures[0]}`,
    );
  }
}

const checks: BudgetCheck[] = [];
const notMeasured: string[] = [];
for (const result of results) {
  if (result.finished && (result.debitsCreated !== result.plans || result.ordersCreated !== result.plans)) {
    checks.push({
      name: `${result.plans} plans: batch made ${result.debitsCreated} debits and ${result.ordersCreated} orders`,
      ratio: result.ordersCreated / result.plans,
      limit: 1,
      atMost: false,
      withinBudget: false,
    });
  }
}
// a stopped run's time is a lower bound: over budget when even the bound is over (else not measured)
const boundedCheck = (name: string, ratio: number, limit: number, finished: boolean) => {
  const check = budget(finished ? name : `${name} (lower bound: run stopped)`, ratio, limit, true);
  if (!finished && check.withinBudget) {
    notMeasured.push(`${name} — the run was stopped before the end, raise BENCH_BATCH_MAX_SECONDS`);
    return;
  }
  checks.push(check);
};
const largest = results.find((result) => result.plans === 100_000) ?? results.at(-1);
const smallest = results.find((result) => result.plans === 10_000);
if (largest !== undefined) {
  boundedCheck(
    `batch(${largest.plans}) ÷ floor(${largest.plans})`,
    largest.batchMs / largest.floorMs,
    limits.floorRatio,
    largest.finished,
  );
}
if (largest !== undefined && smallest !== undefined && largest !== smallest && smallest.finished) {
  boundedCheck(
    `batch(${largest.plans}) ÷ batch(${smallest.plans})`,
    largest.batchMs / smallest.batchMs,
    limits.scaling,
    largest.finished,
  );
} else if (smallest !== undefined && !smallest.finished) {
  notMeasured.push(
    `time(100k) ÷ time(10k) — the ${smallest.plans}-plan run was stopped after ${capSeconds} s (BENCH_BATCH_MAX_SECONDS)`,
  );
} else {
  notMeasured.push('time(100k) ÷ time(10k) — needs both 10000 and 100000 in BENCH_BATCH_SIZES');
}
printBudgets(checks, notMeasured);
finish(
  'batch.json',
  {
    database: 'postgres',
    measured: 'runStep(recurring-debits) on the debit date + runStep(recurring-orders) on the purchase date',
    month: '2026-10',
    workers,
    itemsPerTransaction: itemsPerTransaction ?? 'runner default',
    chunkSize: chunkSize ?? 'step default',
    capSeconds,
    purchaseLagDays: lag,
    plansPerCustomer,
    sizes: results.map((result) => ({
      ...result,
      floorMs: round(result.floorMs, 1),
      debitsMs: Math.round(result.debitsMs),
      ordersMs: Math.round(result.ordersMs),
      batchMs: Math.round(result.batchMs),
    })),
    notMeasured,
    elapsedSeconds: round((performance.now() - startedAt) / 1000, 1),
  },
  checks,
);
