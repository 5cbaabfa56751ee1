import { calendarDateOf, jstInstant, type IsoDate, type TimeOfDay } from '@fund/domain';
import type { DatabaseHandle } from '@fund/db';
import type { Clock } from '../plugins/clock.plugin.ts';
import { latestMark, markDate } from './batch-days.repository.ts';

/**
 * The demo clock (domain.md §8): development only (DEMO_CLOCK, refused in production). Running the batch
 * for a date through the CLI (`npm run batch -- --date 2026-12-01`) moves it forward to the batch time
 * (18:00 JST) of that date; the server then reads "now" as the real time shifted by the same offset, so
 * a user can watch an order go from ORDERED to COMPLETED day by day. It never moves back.
 *
 * It is stored as a row of `batch_step_runs` (step `demo-clock`, the date, item '-', finished_at = when
 * it was set), so every process on the same database sees it and no table of its own is needed.
 */
export const demoClockStep = 'demo-clock';

/** Moves the demo clock forward to `time` on `date` (a date at or before the current one changes nothing). */
export async function advanceDemoClock(handle: DatabaseHandle, date: IsoDate): Promise<void> {
  await markDate(handle.db, demoClockStep, date);
}

/** The offset (ms) of the demo clock against the real clock: ≥ 0, 0 when it is not ahead. */
export async function readDemoClockOffset(handle: DatabaseHandle, time: TimeOfDay): Promise<number> {
  const mark = await latestMark(handle.db, demoClockStep);
  if (mark === undefined) return 0;
  const { year, month, day } = calendarDateOf(mark.date);
  const target = jstInstant(year, month, day, time.hour, time.minute);
  const { setAt } = mark;
  // the clock reached `target` when it was set and has run on since then
  const offset = target.getTime() - setAt.getTime();
  return offset > 0 ? offset : 0;
}

export interface DemoClock extends Clock {
  /** Reads the offset again (the CLI may have moved the clock meanwhile). */
  refresh(): Promise<void>;
  close(): void;
}

/** A clock shifted by the demo offset, refreshed from the database every `refreshMs`. */
export async function createDemoClock(
  handle: DatabaseHandle,
  time: TimeOfDay,
  options: { refreshMs?: number; realClock?: () => Date } = {},
): Promise<DemoClock> {
  const real = options.realClock ?? (() => new Date());
  let offset = await readDemoClockOffset(handle, time);
  const refresh = async () => {
    offset = await readDemoClockOffset(handle, time);
  };
  const timer = setInterval(() => {
    refresh().catch(() => {}); // a failed read keeps the last offset; the next tick tries again
  }, options.refreshMs ?? 10_000);
  timer.unref();
  return {
    now: () => new Date(real().getTime() + offset),
    refresh,
    close: () => clearInterval(timer),
  };
}
