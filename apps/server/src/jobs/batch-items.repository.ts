import type { IsoDate } from '@fund/domain';
import type { Database, Transaction } from '@fund/db';
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../shared/sql-arrays.ts';
import { rowsOf } from './batch-data.repository.ts';
import { timeOrderedUuid } from './time-ordered-uuid.ts';

// The runner's bookkeeping in `batch_step_runs`: one row per (step, business date, item), claimed with
// FOR UPDATE SKIP LOCKED and marked with its outcome in the claiming transaction (batch-runner.ts).

const insertChunk = 5_000;

function uuidArray(ids: Iterable<string>): string {
  return `{${[...ids].join(',')}}`;
}

/**
 * Inserts the step's items in item order with time-ordered ids: the rows then go to the right edge of the
 * primary key and in key order into the (step, date, item) indexes, instead of one random index page per
 * row; the claims read them in item order too.
 */
export async function insertItems(db: Database, step: string, date: IsoDate, unsorted: readonly string[]) {
  const items = [...unsorted].sort();
  for (let start = 0; start < items.length; start += insertChunk) {
    const chunk = items.slice(start, start + insertChunk);
    await db.execute(sql`INSERT INTO batch_step_runs (id, step, business_date, item_id)
      SELECT id, ${step}, ${date}::date, item
      FROM unnest(${arrayLiteral(chunk.map(() => timeOrderedUuid()))}::uuid[], ${arrayLiteral(chunk)}::text[])
        AS t(id, item)
      ON CONFLICT (step, business_date, item_id) DO NOTHING`);
  }
}

/** The step's items of the date, and how many of them are done. */
export async function countItems(
  db: Database,
  step: string,
  date: IsoDate,
): Promise<{ total: number; done: number }> {
  const [counts] = await rowsOf(
    db,
    sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'SUCCEEDED'))::int AS done
      FROM batch_step_runs WHERE step = ${step} AND business_date = ${date}::date`,
  );
  return { total: Number(counts?.total ?? 0), done: Number(counts?.done ?? 0) };
}

/** The step's items of the date not done, leaving out the ids this process saw fail in this run. */
export async function openItemCount(
  db: Database,
  step: string,
  date: IsoDate,
  excluded: Iterable<string>,
): Promise<number> {
  const [open] = await rowsOf(
    db,
    sql`SELECT count(*)::int AS open FROM batch_step_runs
      WHERE step = ${step} AND business_date = ${date}::date AND status <> 'SUCCEEDED'
        AND NOT (id = ANY(${uuidArray(excluded)}::uuid[]))`,
  );
  return Number(open?.open ?? 0);
}

/**
 * Claims up to `limit` open items after `after` (item order), skipping rows other workers hold. The claim
 * writes nothing: the row lock is the claim, and the rows are written once, with the outcome, in this
 * same transaction (a RUNNING mark would never be seen by anyone else).
 */
export async function claimItems(
  tx: Transaction,
  claim: { step: string; date: IsoDate; after: string; excluded: Iterable<string>; limit: number },
): Promise<{ id: string; itemId: string }[]> {
  const rows = await rowsOf(
    tx,
    sql`SELECT id, item_id FROM batch_step_runs
      WHERE step = ${claim.step} AND business_date = ${claim.date}::date AND item_id > ${claim.after}
        AND status <> 'SUCCEEDED' AND NOT (id = ANY(${uuidArray(claim.excluded)}::uuid[]))
      ORDER BY item_id LIMIT ${claim.limit} FOR UPDATE SKIP LOCKED`,
  );
  return rows.map((row) => ({ id: String(row.id), itemId: String(row.item_id) }));
}

/**
 * The plans PostgreSQL cached in this session for triggers and foreign-key checks were made when the
 * tables were smaller (a sequential scan of a then-tiny journal_entries is re-run for every line of every
 * chunk after): replanned for each chunk, as the tables grow during the run.
 */
export async function replanCachedStatements(tx: Transaction): Promise<void> {
  await tx.execute(sql`DISCARD PLANS`);
}

export async function markItemFailed(tx: Transaction, id: string, error: string): Promise<void> {
  await tx.execute(sql`UPDATE batch_step_runs SET status = 'FAILED', attempts = attempts + 1,
    last_error = ${error}, locked_by = NULL, locked_at = NULL, updated_at = now()
    WHERE id = ${id}::uuid`);
}

export async function markItemsSucceeded(tx: Transaction, ids: readonly string[]): Promise<void> {
  await tx.execute(sql`UPDATE batch_step_runs SET status = 'SUCCEEDED', attempts = attempts + 1,
    finished_at = now(), last_error = NULL, locked_by = NULL, locked_at = NULL, updated_at = now()
    WHERE id = ANY(${uuidArray(ids)}::uuid[])`);
}
