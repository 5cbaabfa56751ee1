import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  addCalendarDays,
  calendarDateOf,
  isBusinessDay,
  jstDateOf,
  jstInstant,
  type IsoDate,
  type TimeOfDay,
} from '@fund/domain';
import type { DatabaseHandle } from '@fund/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from './batch-data.ts';
import {
  runStep,
  type BatchStep,
  type RunnerHooks,
  type StepContext,
  type StepReport,
} from './batch-runner.ts';
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
  /** The wall clock (the demo clock in the scheduler); default the machine's. */
  readonly now?: (() => Date) | undefined;
  /** BATCH_TIME (JST; default 18:00): when a date's batch is due, the time its writes carry afterwards. */
  readonly batchTime?: TimeOfDay | undefined;
  readonly hooks?: RunnerHooks | undefined;
}

/** A batch item still failed: its step, date and item, and the error of its last attempt. */
export interface FailedItem {
  readonly step: string;
  readonly businessDate: IsoDate;
  readonly itemId: string;
  readonly attempts: number;
  readonly lastError: string;
}

/** The retry of one step's failed items of an earlier date, done at the start of a run. */
export interface RetriedStep {
  readonly businessDate: IsoDate;
  readonly report: StepReport;
}

export interface DayReport {
  readonly businessDate: IsoDate;
  readonly businessDay: boolean;
  /** Earlier dates' failed items retried before this date (the first date of a run only). */
  readonly retried: readonly RetriedStep[];
  readonly steps: readonly StepReport[];
  /** Items of the date not SUCCEEDED after the run (failed ones); the day is done for everyone else. */
  readonly unfinished: number;
  /** Every failed item still open after the date's run, this date's and earlier ones, oldest first. */
  readonly openFailures: readonly FailedItem[];
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

/**
 * The instant a business date's writes carry (StepContext.now): the wall clock while it reads that date
 * (JST), else the date at the batch time. A notice of 12-23 then shows 12-23 whenever it is posted: by the
 * scheduler on the evening of 12-23 (the wall clock), by a catch-up or a retry on a later day, or by the
 * demo CLI running 12-23 while the machine's clock reads 11-28 (18:00, where the demo clock stops too).
 */
export function businessInstant(businessDate: IsoDate, wallClock: Date, batchTime: TimeOfDay): Date {
  if (jstDateOf(wallClock) === businessDate) return wallClock;
  const { year, month, day } = calendarDateOf(businessDate);
  return jstInstant(year, month, day, batchTime.hour, batchTime.minute);
}

/** BATCH_TIME's default. */
export const defaultBatchTime: TimeOfDay = { hour: 18, minute: 0 };

function contextOf(businessDate: IsoDate, options: DailyBatchOptions): StepContext {
  const wallClock = options.now ?? (() => new Date());
  const batchTime = options.batchTime ?? defaultBatchTime;
  return { businessDate, now: () => businessInstant(businessDate, wallClock(), batchTime) };
}

function runnerOptions(handle: DatabaseHandle, options: DailyBatchOptions) {
  return {
    db: handle.db,
    workerId: options.workerId ?? defaultWorkerId(),
    workers: handle.kind === 'pglite' ? 1 : Math.max(1, options.workers),
    itemsPerTransaction: options.itemsPerTransaction,
    chunkSize: options.chunkSize,
    hooks: options.hooks,
  };
}

function textArray(values: readonly string[]): string {
  return `{${values.join(',')}}`;
}

function failedItemOf(row: Record<string, unknown>): FailedItem {
  return {
    step: String(row.step),
    businessDate: String(row.business_date) as IsoDate,
    itemId: String(row.item_id),
    attempts: Number(row.attempts),
    lastError: String(row.last_error ?? ''),
  };
}

/** The open (not SUCCEEDED) items of the steps on one date, read by the (step, date, item) index. */
async function openItemsOn(
  handle: DatabaseHandle,
  stepNames: readonly string[],
  businessDate: IsoDate,
): Promise<FailedItem[]> {
  const rows = await rowsOf(
    handle.db,
    sql`SELECT step, business_date::text AS business_date, item_id, attempts, last_error
      FROM batch_step_runs
      WHERE step = ANY(${textArray(stepNames)}::text[]) AND business_date = ${businessDate}::date
        AND status <> 'SUCCEEDED'`,
  );
  return inStepOrder(rows.map(failedItemOf), stepNames);
}

/**
 * The open items of the steps on dates before `before`: one scan of `batch_step_runs` per run (it has no
 * index on status, so that marking an item done stays a HOT update, decision 008).
 */
async function openItemsBefore(
  handle: DatabaseHandle,
  stepNames: readonly string[],
  before: IsoDate,
): Promise<FailedItem[]> {
  const rows = await rowsOf(
    handle.db,
    sql`SELECT step, business_date::text AS business_date, item_id, attempts, last_error
      FROM batch_step_runs
      WHERE step = ANY(${textArray(stepNames)}::text[]) AND business_date < ${before}::date
        AND status <> 'SUCCEEDED'`,
  );
  return inStepOrder(rows.map(failedItemOf), stepNames);
}

/** By date, then in the order of the day's steps, then by item. */
function inStepOrder(items: FailedItem[], stepNames: readonly string[]): FailedItem[] {
  const rank = (item: FailedItem) => stepNames.indexOf(item.step);
  return items.sort(
    (a, b) =>
      a.businessDate.localeCompare(b.businessDate) || rank(a) - rank(b) || a.itemId.localeCompare(b.itemId),
  );
}

/**
 * The retry pass at the start of a run: the failed items of dates before `before`, date by date and in the
 * order of the day's steps, each in the context of its own date (business date, and the instant its
 * notices carry). Only those items are tried: the steps do not enumerate again for an earlier date, so
 * nothing that was not due then is done now. What a retried item unblocks (a settlement after a retried
 * execution) is due on the next date, whose steps enumerate what is due by then (decision 034).
 */
export async function retryEarlierFailures(
  handle: DatabaseHandle,
  before: IsoDate,
  options: DailyBatchOptions,
): Promise<{ retried: RetriedStep[]; stillOpen: FailedItem[] }> {
  const daySteps = dailySteps(options);
  const stepNames = daySteps.map((step) => step.name);
  const open = await openItemsBefore(handle, stepNames, before);
  const retried: RetriedStep[] = [];
  const stillOpen: FailedItem[] = [];
  const dates = [...new Set(open.map((item) => item.businessDate))];
  for (const businessDate of dates) {
    const names = new Set(open.filter((item) => item.businessDate === businessDate).map((item) => item.step));
    for (const step of daySteps.filter((candidate) => names.has(candidate.name))) {
      const report = await runStep({
        ...runnerOptions(handle, options),
        step,
        context: contextOf(businessDate, options),
        retryOnly: true,
      });
      retried.push({ businessDate, report });
    }
    stillOpen.push(...(await openItemsOn(handle, stepNames, businessDate)));
  }
  return { retried, stillOpen };
}

/**
 * Runs every step of one date (JST). Idempotent: a rerun skips finished items and retries the rest. An
 * item that fails is recorded (FAILED, with its error) and the step goes on with the others; the date is
 * then marked done for everyone else, and the failed item waits for the next run's retry pass.
 */
export async function runBusinessDay(
  handle: DatabaseHandle,
  businessDate: IsoDate,
  options: DailyBatchOptions,
  earlier: { retried?: readonly RetriedStep[]; open?: readonly FailedItem[] } = {},
): Promise<DayReport> {
  const started = performance.now();
  const context = contextOf(businessDate, options);
  const steps: StepReport[] = [];
  const daySteps = dailySteps(options);
  for (const step of daySteps) {
    steps.push(await runStep({ ...runnerOptions(handle, options), step, context }));
  }
  const failures = await openItemsOn(
    handle,
    daySteps.map((step) => step.name),
    businessDate,
  );
  // the day is done for every item that did not fail: the next date runs, and the scheduler goes on
  await handle.db
    .execute(sql`INSERT INTO batch_step_runs (step, business_date, item_id, status, attempts, finished_at)
    VALUES (${dayDoneStep}, ${businessDate}::date, '-', 'SUCCEEDED', 1, now())
    ON CONFLICT (step, business_date, item_id) DO NOTHING`);
  return {
    businessDate,
    businessDay: isBusinessDay(businessDate),
    retried: earlier.retried ?? [],
    steps,
    unfinished: failures.length,
    openFailures: [...(earlier.open ?? []).filter((item) => item.businessDate < businessDate), ...failures],
    elapsedMs: Math.round(performance.now() - started),
  };
}

/**
 * Runs `from` to `until` (inclusive), one date after the other, after retrying the failed items of earlier
 * dates. A failed item never stops the run: every date is finished for everyone else, and the report of
 * each date lists the failed items still open (`openFailures`).
 */
export async function runBusinessDays(
  handle: DatabaseHandle,
  from: IsoDate,
  until: IsoDate,
  options: DailyBatchOptions & { onDay?: (report: DayReport) => void },
): Promise<DayReport[]> {
  const reports: DayReport[] = [];
  const { retried, stillOpen } = await retryEarlierFailures(handle, from, options);
  let open: readonly FailedItem[] = stillOpen;
  for (let date = from; date <= until; date = addCalendarDays(date, 1)) {
    const report = await runBusinessDay(handle, date, options, {
      retried: date === from ? retried : [],
      open,
    });
    open = report.openFailures;
    options.onDay?.(report);
    reports.push(report);
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

/** At most this many open failed items are listed one by one in a report. */
const listedFailures = 20;

function stepLine(step: StepReport): string {
  const outcomes = Object.entries(step.outcomes)
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ');
  const parts = [`${step.items} item(s)`];
  if (step.alreadyDone > 0) parts.push(`${step.alreadyDone} already done`);
  if (outcomes !== '') parts.push(outcomes);
  if (step.failed > 0) parts.push(`FAILED ${step.failed}`);
  return `${step.step.padEnd(18)} ${parts.join('; ')}`;
}

/**
 * One line per step with its counts, for the CLI and the logs; before them the earlier dates' failed
 * items retried now, after them every failed item still open (step, date, item, attempts, last error).
 */
export function formatDayReport(report: DayReport): string {
  const header = `${report.businessDate}${report.businessDay ? '' : ' (not a business day)'} — ${report.elapsedMs} ms`;
  const retried = report.retried.map(
    ({ businessDate, report: step }) => `  retried ${businessDate} ${stepLine(step)}`,
  );
  const lines = report.steps.map((step) => `  ${stepLine(step)}`);
  const open = report.openFailures;
  const footer =
    open.length === 0
      ? []
      : [
          `  ${open.length} failed item(s) still open (retried at the next run; the day is done for everyone else):`,
          ...open
            .slice(0, listedFailures)
            .map(
              (item) =>
                `    ${item.step} ${item.businessDate} ${item.itemId} (${item.attempts} attempt(s)): ${item.lastError.split('\n')[0]!.slice(0, 300)}`,
            ),
          ...(open.length > listedFailures
            ? [`    … and ${open.length - listedFailures} more (batch_step_runs, status FAILED)`]
            : []),
        ];
  return [header, ...retried, ...lines, ...footer].join('\n');
}
