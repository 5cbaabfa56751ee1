import type { Database } from '@fund/db';
import type { IsoDate } from '@fund/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from './batch-data.repository.ts';
import type { FailedItem } from './day-report.ts';

/** The step that marks a day done (item '-'); the scheduler catches up from the last one. */
export const dayDoneStep = 'day-done';

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

/** By date, then in the order of the day's steps, then by item. */
function inStepOrder(items: FailedItem[], stepNames: readonly string[]): FailedItem[] {
  const rank = (item: FailedItem) => stepNames.indexOf(item.step);
  return items.sort(
    (a, b) =>
      a.businessDate.localeCompare(b.businessDate) || rank(a) - rank(b) || a.itemId.localeCompare(b.itemId),
  );
}

/**
 * The open (not SUCCEEDED) items of the steps on one date (read by the (step, date, item) index) or on the
 * dates before one: one scan of `batch_step_runs` per run (it has no index on status, so that marking an
 * item done stays a HOT update, decision 008).
 */
export async function openItems(
  db: Database,
  stepNames: readonly string[],
  dates: { readonly on: IsoDate } | { readonly before: IsoDate },
): Promise<FailedItem[]> {
  const onDates =
    'on' in dates ? sql`business_date = ${dates.on}::date` : sql`business_date < ${dates.before}::date`;
  const rows = await rowsOf(
    db,
    sql`SELECT step, business_date::text AS business_date, item_id, attempts, last_error
      FROM batch_step_runs
      WHERE step = ANY(${textArray(stepNames)}::text[]) AND ${onDates} AND status <> 'SUCCEEDED'`,
  );
  return inStepOrder(rows.map(failedItemOf), stepNames);
}

/**
 * A marker of a date (item '-' of a step of its own, finished now): the day done, the demo clock. The
 * first marker of a step and date stays; a second changes nothing.
 */
export async function markDate(db: Database, step: string, date: IsoDate): Promise<void> {
  await db.execute(sql`INSERT INTO batch_step_runs (step, business_date, item_id, status, attempts, finished_at)
    VALUES (${step}, ${date}::date, '-', 'SUCCEEDED', 1, now())
    ON CONFLICT (step, business_date, item_id) DO NOTHING`);
}

/** The date is done for every item that did not fail: the next date runs, and the scheduler goes on. */
export async function markDayDone(db: Database, businessDate: IsoDate): Promise<void> {
  await markDate(db, dayDoneStep, businessDate);
}

/** The latest marker of a step: its date and when it was set. */
export async function latestMark(
  db: Database,
  step: string,
): Promise<{ date: IsoDate; setAt: Date } | undefined> {
  const [row] = await rowsOf(
    db,
    sql`SELECT business_date::text AS date, finished_at AS set_at
      FROM batch_step_runs WHERE step = ${step} ORDER BY business_date DESC LIMIT 1`,
  );
  return row === undefined ? undefined : { date: row.date as IsoDate, setAt: new Date(row.set_at as string) };
}

/** The last date whose run finished, or undefined before the first run. */
export async function lastFinishedDay(db: Database): Promise<IsoDate | undefined> {
  const [row] = await rowsOf(
    db,
    sql`SELECT max(business_date)::text AS last FROM batch_step_runs WHERE step = ${dayDoneStep}`,
  );
  return (row?.last ?? undefined) as IsoDate | undefined;
}
