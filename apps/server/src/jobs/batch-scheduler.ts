import { addCalendarDays, jstDateOf, jstMinutesOfDay, minutesOfDay, type IsoDate } from '@fund/domain';
import type { DatabaseHandle } from '@fund/db';
import type { BatchConfig } from '../config/batch-config.ts';
import type { Clock } from '../plugins/clock.plugin.ts';
import type { BatchSettings } from './batch-context.ts';
import { lastFinishedDay } from './batch-days.repository.ts';
import { runBusinessDays } from './daily-batch.ts';
import { formatDayReport } from './day-report.ts';

export interface SchedulerLog {
  info(message: string): void;
  warn(message: string): void;
  error(details: { err: unknown }, message: string): void;
}

/** At most this many days are caught up at once; older gaps need the CLI (`--date … --until …`). */
export const maxCatchUpDays = 31;

/**
 * The last date whose batch is due at `now`: today (JST) once the batch time has passed, else yesterday.
 */
export function dueBusinessDate(now: Date, time: BatchConfig['time']): IsoDate {
  const today = jstDateOf(now);
  return jstMinutesOfDay(now) >= minutesOfDay(time) ? today : addCalendarDays(today, -1);
}

/** The dates to run now: from the day after the last finished one up to the due date, at most 31. */
export function datesToRun(
  last: IsoDate | undefined,
  due: IsoDate,
): { from: IsoDate; until: IsoDate } | undefined {
  let from = last === undefined ? due : addCalendarDays(last, 1);
  const earliest = addCalendarDays(due, -(maxCatchUpDays - 1));
  if (from < earliest) from = earliest;
  return from <= due ? { from, until: due } : undefined;
}

/**
 * The scheduler: it only decides which dates are due and runs them through the same claim-based runner
 * as the CLI, so any number of server processes may run it at once (items are claimed with
 * `FOR UPDATE SKIP LOCKED`; a date finished elsewhere is skipped item by item). It checks at start (catching
 * up the days missed since the last finished one) and then every minute; a run never overlaps itself.
 */
export function startBatchScheduler(options: {
  handle: DatabaseHandle;
  config: BatchConfig;
  clock: Clock;
  log: SchedulerLog;
  /** What the steps read (`batchSettingsOf` the configuration). */
  settings: BatchSettings;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const { handle, config, clock, log } = options;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running !== undefined || stopped) return;
    running = (async () => {
      const dates = datesToRun(await lastFinishedDay(handle.db), dueBusinessDate(clock.now(), config.time));
      if (dates === undefined) return;
      log.info(`Business-day batch: running ${dates.from} to ${dates.until}`);
      await runBusinessDays(handle, dates.from, dates.until, {
        ...options.settings,
        workers: config.workers,
        now: () => clock.now(),
        onDay: (report) => {
          const text = `Business-day batch done:\n${formatDayReport(report)}`;
          // the day is done for everyone else; failed items wait for the next run's retry pass, orders
          // without their NAV for the feed
          if (report.openFailures.length > 0 || report.waitingForNav.length > 0) log.warn(text);
          else log.info(text);
        },
      });
    })()
      .catch((error: unknown) =>
        log.error({ err: error }, 'Business-day batch failed; it is retried at the next check'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs ?? 60_000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
