import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { addCalendarDays, isBusinessDay, type IsoDate } from '@fund/domain';
import type { DatabaseHandle } from '@fund/db';
import { sql } from 'drizzle-orm';
import { runStep, type BatchStep, type RunnerHooks, type StepReport } from './batch-runner.ts';
import { expiredSignInDataStep } from './steps/expired-sign-in-data.step.ts';
import { monthlyDepositsStep } from './steps/monthly-deposits.step.ts';
import { nisaYearStartStep } from './steps/nisa-year-start.step.ts';
import { orderExecutionStep } from './steps/order-execution.step.ts';
import { orderSettlementStep } from './steps/order-settlement.step.ts';
import { periodicReportsStep } from './steps/periodic-reports.step.ts';
import { preDebitCheckStep } from './steps/pre-debit-check.step.ts';
import { pricesStep } from './steps/prices.step.ts';
import { recurringDebitsStep, type DebitFailureRule } from './steps/recurring-debits.step.ts';
import { recurringOrdersStep } from './steps/recurring-orders.step.ts';
import { scheduledSellsStep } from './steps/scheduled-sells.step.ts';
import { sellPayoutsStep } from './steps/sell-payouts.step.ts';

export interface DailyBatchOptions {
  /** Add the deterministic demo NAVs up to the date (development and demos; never in production). */
  readonly demoPrices: boolean;
  readonly debitFailureRule: DebitFailureRule;
  /** Business days from the debit date to the recurring purchase orders (BATCH_PURCHASE_LAG_DAYS). */
  readonly purchaseLagBusinessDays: number;
  /** Claim loops in this process; PGlite has one connection, so it always runs one. */
  readonly workers: number;
  /** Items per transaction (BATCH_ITEMS_PER_TRANSACTION; default 1, see `RunStepOptions`). */
  readonly itemsPerTransaction?: number | undefined;
  /**
   * Items per transaction of the set-based steps (recurring debits and orders; default: each step's own,
   * `defaultChunkSize`); 0 sends every item through the per-item path (see `RunStepOptions`).
   */
  readonly chunkSize?: number | undefined;
  /** The app's origin (PUBLIC_ORIGIN) for the links in the batch's mails; without it they name the screen. */
  readonly appOrigin?: string | undefined;
  readonly workerId?: string | undefined;
  readonly now?: (() => Date) | undefined;
  readonly hooks?: RunnerHooks | undefined;
}

export interface DayReport {
  readonly businessDate: IsoDate;
  readonly businessDay: boolean;
  readonly steps: readonly StepReport[];
  /** Items of the date not SUCCEEDED after the run (failed ones); the day counts as done only at 0. */
  readonly unfinished: number;
  readonly elapsedMs: number;
}

/** The step that marks a day done (item '-'); the scheduler catches up from the last one. */
export const dayDoneStep = 'day-done';

/**
 * The steps of a business date in their order. Each later step reads what the earlier ones wrote (orders
 * placed today with a 約定日 of today are executed the same run), so a worker only starts a step once the
 * previous one has nothing left in flight.
 */
export function dailySteps(options: DailyBatchOptions): BatchStep[] {
  return [
    pricesStep({ demoPrices: options.demoPrices }),
    nisaYearStartStep,
    monthlyDepositsStep,
    recurringDebitsStep({ failureRule: options.debitFailureRule }),
    recurringOrdersStep({ lagBusinessDays: options.purchaseLagBusinessDays }),
    scheduledSellsStep,
    orderExecutionStep,
    orderSettlementStep,
    sellPayoutsStep,
    periodicReportsStep,
    preDebitCheckStep({ appOrigin: options.appOrigin }),
    expiredSignInDataStep,
  ];
}

export function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** Runs every step of one date (JST). Idempotent: a rerun skips finished items and retries the rest. */
export async function runBusinessDay(
  handle: DatabaseHandle,
  businessDate: IsoDate,
  options: DailyBatchOptions,
): Promise<DayReport> {
  const started = performance.now();
  const context = { businessDate, now: options.now ?? (() => new Date()) };
  const workerId = options.workerId ?? defaultWorkerId();
  const workers = handle.kind === 'pglite' ? 1 : Math.max(1, options.workers);
  const steps: StepReport[] = [];
  const daySteps = dailySteps(options);
  for (const step of daySteps) {
    steps.push(
      await runStep({
        db: handle.db,
        step,
        context,
        workerId,
        workers,
        itemsPerTransaction: options.itemsPerTransaction,
        chunkSize: options.chunkSize,
        hooks: options.hooks,
      }),
    );
  }
  // by step and date, the leading columns of the (step, date, item) index
  const open = await handle.db.execute(sql`SELECT count(*)::int AS open FROM batch_step_runs
    WHERE step = ANY(${`{${daySteps.map((step) => step.name).join(',')}}`}::text[])
      AND business_date = ${businessDate}::date AND status <> 'SUCCEEDED'`);
  const unfinished = Number((open as unknown as { rows: { open: number }[] }).rows[0]?.open ?? 0);
  if (unfinished === 0) {
    await handle.db
      .execute(sql`INSERT INTO batch_step_runs (step, business_date, item_id, status, attempts, finished_at)
      VALUES (${dayDoneStep}, ${businessDate}::date, '-', 'SUCCEEDED', 1, now())
      ON CONFLICT (step, business_date, item_id) DO NOTHING`);
  }
  return {
    businessDate,
    businessDay: isBusinessDay(businessDate),
    steps,
    unfinished,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/**
 * Runs `from` to `until` (inclusive), one date after the other. It stops after a date that left failed
 * items, so the next run (the scheduler's next check, or the CLI again) starts from that date.
 */
export async function runBusinessDays(
  handle: DatabaseHandle,
  from: IsoDate,
  until: IsoDate,
  options: DailyBatchOptions & { onDay?: (report: DayReport) => void },
): Promise<DayReport[]> {
  const reports: DayReport[] = [];
  for (let date = from; date <= until; date = addCalendarDays(date, 1)) {
    const report = await runBusinessDay(handle, date, options);
    options.onDay?.(report);
    reports.push(report);
    if (report.unfinished > 0) break;
  }
  return reports;
}

/** The last date whose run finished, or undefined before the first run. */
export async function lastFinishedDay(handle: DatabaseHandle): Promise<IsoDate | undefined> {
  const result = await handle.db.execute(
    sql`SELECT max(business_date)::text AS last FROM batch_step_runs WHERE step = ${dayDoneStep}`,
  );
  const [row] = (result as unknown as { rows: { last: string | null }[] }).rows;
  return (row?.last ?? undefined) as IsoDate | undefined;
}

/** One line per step with its counts, for the CLI and the logs. */
export function formatDayReport(report: DayReport): string {
  const header = `${report.businessDate}${report.businessDay ? '' : ' (not a business day)'} — ${report.elapsedMs} ms`;
  const lines = report.steps.map((step) => {
    const outcomes = Object.entries(step.outcomes)
      .map(([outcome, count]) => `${outcome} ${count}`)
      .join(', ');
    const parts = [`${step.items} item(s)`];
    if (step.alreadyDone > 0) parts.push(`${step.alreadyDone} already done`);
    if (outcomes !== '') parts.push(outcomes);
    if (step.failed > 0) parts.push(`FAILED ${step.failed}`);
    return `  ${step.step.padEnd(18)} ${parts.join('; ')}`;
  });
  const footer =
    report.unfinished > 0
      ? [`  ${report.unfinished} item(s) failed: see batch_step_runs.last_error; rerun the date`]
      : [];
  return [header, ...lines, ...footer].join('\n');
}
