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
import { runStep, type RunnerHooks, type StepContext, type StepReport } from './batch-runner.ts';
import type { BatchSettings } from './batch-context.ts';
import { markDayDone, openItems } from './batch-days.repository.ts';
import type { DayReport, FailedItem, RetriedStep } from './day-report.ts';
import { daySteps } from './day-steps.ts';
import { ordersWaitingForTheirNav } from './steps/order-execution.repository.ts';

/** How a run is done: the steps' settings, and how many claim loops run it in this process. */
export interface DailyBatchOptions extends BatchSettings {
  /** Claim loops in this process; PGlite has one connection, so it always runs one. */
  readonly workers: number;
  /** Items per transaction (BATCH_ITEMS_PER_TRANSACTION; default 1, see `RunStepOptions`). */
  readonly itemsPerTransaction?: number | undefined;
  /**
   * Items per transaction of the set-based steps (recurring debits and orders; default: each step's own,
   * `defaultChunkSize`); 0 sends every item through the per-item path (see `RunStepOptions`).
   */
  readonly chunkSize?: number | undefined;
  readonly workerId?: string | undefined;
  /** The wall clock (the demo clock in the scheduler); default the machine's. */
  readonly now?: (() => Date) | undefined;
  readonly hooks?: RunnerHooks | undefined;
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
  return {
    businessDate,
    now: () => businessInstant(businessDate, wallClock(), batchTime),
    settings: {
      demoPrices: options.demoPrices,
      debitFailureRule: options.debitFailureRule,
      purchaseLagBusinessDays: options.purchaseLagBusinessDays,
      appOrigin: options.appOrigin,
      batchTime,
    },
  };
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
  const stepNames = daySteps.map((step) => step.name);
  const open = await openItems(handle.db, stepNames, { before });
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
    stillOpen.push(...(await openItems(handle.db, stepNames, { on: businessDate })));
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
  for (const step of daySteps) {
    steps.push(await runStep({ ...runnerOptions(handle, options), step, context }));
  }
  const failures = await openItems(
    handle.db,
    daySteps.map((step) => step.name),
    { on: businessDate },
  );
  // the day is done for every item that did not fail: the next date runs, and the scheduler goes on
  await markDayDone(handle.db, businessDate);
  return {
    businessDate,
    businessDay: isBusinessDay(businessDate),
    retried: earlier.retried ?? [],
    steps,
    unfinished: failures.length,
    openFailures: [...(earlier.open ?? []).filter((item) => item.businessDate < businessDate), ...failures],
    waitingForNav: await ordersWaitingForTheirNav(handle.db, businessDate),
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
