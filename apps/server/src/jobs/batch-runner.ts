import type { IsoDate } from '@fund/domain';
import type { Database, Transaction } from '@fund/db';
import { sql } from 'drizzle-orm';

/**
 * Runs one step of the business-day batch over its items, each item once (architecture.md §1):
 *
 * - every item is a row of `batch_step_runs` unique per (step, business date, item id); all workers insert
 *   the step's items with ON CONFLICT DO NOTHING, so any of them may enumerate;
 * - a worker claims one unfinished row with `FOR UPDATE SKIP LOCKED` in its own transaction, does the
 *   item's work in a savepoint of that same transaction and marks the row SUCCEEDED before committing: the
 *   work and the "done" mark commit together, so a crash loses at most the item in flight and a rerun
 *   skips every finished item;
 * - a failing item rolls back to the savepoint and is marked FAILED with the error (attempts counted);
 *   the run goes on with the other items, and the next run tries it again;
 * - a worker that finds nothing left to claim waits until the rows other workers hold are finished, so
 *   no worker starts the next step while this one still has work in flight.
 */

export interface StepContext {
  readonly businessDate: IsoDate;
  /** The wall clock (the demo clock in development); stamps notices and rows. */
  readonly now: () => Date;
}

export interface BatchStep {
  readonly name: string;
  /** The item ids of the step for the day (none when the step does not apply that day). */
  enumerate(db: Database, context: StepContext): Promise<readonly string[]>;
  /** Does one item's work in the caller's transaction and names its outcome for the report. */
  process(tx: Transaction, itemId: string, context: StepContext): Promise<string>;
}

export interface StepReport {
  readonly step: string;
  readonly items: number;
  /** Items finished by earlier runs (skipped now). */
  readonly alreadyDone: number;
  /** Outcome label → count, for the items this process finished now. */
  readonly outcomes: Record<string, number>;
  readonly failed: number;
}

export interface RunnerHooks {
  /** Called inside the item's transaction after its work, before the commit: a throw aborts the run. */
  readonly beforeCommit?: (step: string, itemId: string) => void | Promise<void>;
}

export class BatchAbortedError extends Error {
  override readonly name = 'BatchAbortedError';
}

type Row = Record<string, unknown>;

async function rowsOf(executor: Database | Transaction, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await executor.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

const insertChunk = 5_000;

async function insertItems(db: Database, step: string, date: IsoDate, items: readonly string[]) {
  for (let start = 0; start < items.length; start += insertChunk) {
    const chunk = items.slice(start, start + insertChunk);
    const literal = `{${chunk.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
    await db.execute(sql`INSERT INTO batch_step_runs (step, business_date, item_id)
      SELECT ${step}, ${date}::date, item FROM unnest(${literal}::text[]) AS t(item)
      ON CONFLICT (step, business_date, item_id) DO NOTHING`);
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2_000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RunStepOptions {
  readonly db: Database;
  readonly step: BatchStep;
  readonly context: StepContext;
  readonly workerId: string;
  /** Concurrent claim loops in this process (one connection each on PostgreSQL). */
  readonly workers: number;
  /**
   * Items claimed and committed together (default 1: one transaction per item, a crash loses only the item
   * in flight). More items per transaction save a commit per item at scale; a crash then rolls back the
   * whole group in flight, which the next run does again — still exactly once, as each item's "done" mark
   * commits with its work.
   */
  readonly itemsPerTransaction?: number | undefined;
  readonly hooks?: RunnerHooks | undefined;
}

/** Enumerates and runs the step's items with `workers` loops; resolves when no item is left in flight. */
export async function runStep(options: RunStepOptions): Promise<StepReport> {
  const { db, step, context } = options;
  const date = context.businessDate;
  await insertItems(db, step.name, date, await step.enumerate(db, context));
  const [before] = await rowsOf(
    db,
    sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'SUCCEEDED'))::int AS done
      FROM batch_step_runs WHERE step = ${step.name} AND business_date = ${date}::date`,
  );
  const outcomes: Record<string, number> = {};
  // ids this process already tried in this run and saw fail: not tried again until the next run
  const tried = new Set<string>();
  let failed = 0;

  const loop = async (loopIndex: number) => {
    const worker = `${options.workerId}#${loopIndex}`;
    for (;;) {
      const claimed = await claimAndProcess(options, worker, tried);
      if (claimed === 'none') {
        const excluded = `{${[...tried].join(',')}}`;
        const [open] = await rowsOf(
          db,
          sql`SELECT count(*)::int AS open FROM batch_step_runs
            WHERE step = ${step.name} AND business_date = ${date}::date AND status <> 'SUCCEEDED'
              AND NOT (id = ANY(${excluded}::uuid[]))`,
        );
        if (Number(open?.open ?? 0) === 0) return;
        await sleep(50); // another worker holds the rest: wait for it, the next step depends on them
        continue;
      }
      for (const result of claimed) {
        if (result.ok) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
        else failed += 1;
      }
    }
  };
  // every loop ends before the step reports (or fails): none is left running into the next step
  const settled = await Promise.allSettled(
    Array.from({ length: Math.max(1, options.workers) }, (_, index) => loop(index)),
  );
  const rejected = settled.find((result) => result.status === 'rejected');
  if (rejected !== undefined) throw rejected.reason;
  return {
    step: step.name,
    items: Number(before?.total ?? 0),
    alreadyDone: Number(before?.done ?? 0),
    outcomes,
    failed,
  };
}

type Claim = 'none' | ({ ok: true; outcome: string } | { ok: false; id: string })[];

async function claimAndProcess(options: RunStepOptions, worker: string, tried: Set<string>): Promise<Claim> {
  const { db, step, context } = options;
  const limit = Math.max(1, options.itemsPerTransaction ?? 1);
  const claimedIds: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const excluded = `{${[...tried].join(',')}}`;
      const rows = await rowsOf(
        tx,
        sql`SELECT id, item_id FROM batch_step_runs
          WHERE step = ${step.name} AND business_date = ${context.businessDate}::date
            AND status <> 'SUCCEEDED' AND NOT (id = ANY(${excluded}::uuid[]))
          ORDER BY item_id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      );
      if (rows.length === 0) return 'none' as const;
      const results: Exclude<Claim, 'none'> = [];
      for (const row of rows) {
        const id = String(row.id);
        const itemId = String(row.item_id);
        claimedIds.push(id);
        await tx.execute(sql`UPDATE batch_step_runs SET status = 'RUNNING', attempts = attempts + 1,
          locked_by = ${worker}, locked_at = now(), updated_at = now() WHERE id = ${id}::uuid`);
        let outcome: string;
        try {
          outcome = await tx.transaction((savepoint) => step.process(savepoint, itemId, context));
        } catch (error) {
          tried.add(id);
          await tx.execute(sql`UPDATE batch_step_runs SET status = 'FAILED', last_error = ${errorText(error)},
            locked_by = NULL, locked_at = NULL, updated_at = now() WHERE id = ${id}::uuid`);
          results.push({ ok: false as const, id });
          continue;
        }
        await tx.execute(sql`UPDATE batch_step_runs SET status = 'SUCCEEDED', finished_at = now(), last_error = NULL,
          locked_by = NULL, locked_at = NULL, updated_at = now() WHERE id = ${id}::uuid`);
        await options.hooks?.beforeCommit?.(step.name, itemId);
        results.push({ ok: true as const, outcome });
      }
      return results;
    });
  } catch (error) {
    // the transaction itself failed (connection lost, a hook aborted the run): nothing of it committed
    for (const id of claimedIds) tried.add(id);
    throw new BatchAbortedError(`Step ${step.name} aborted: ${errorText(error)}`, { cause: error });
  }
}
