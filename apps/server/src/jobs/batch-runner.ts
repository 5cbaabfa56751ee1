import { setImmediate } from 'node:timers/promises';
import type { IsoDate } from '@fund/domain';
import type { Database, Transaction } from '@fund/db';
import type { BatchSettings } from './batch-context.ts';
import {
  claimItems,
  countItems,
  insertItems,
  markItemFailed,
  markItemsSucceeded,
  openItemCount,
  replanCachedStatements,
} from './batch-items.repository.ts';

/**
 * Runs one step of the business-day batch over its items, each item once (architecture.md §1):
 *
 * - every item is a row of `batch_step_runs` unique per (step, business date, item id); all workers insert
 *   the step's items with ON CONFLICT DO NOTHING, so any of them may enumerate;
 * - a worker claims unfinished rows with `FOR UPDATE SKIP LOCKED` in its own transaction (the row lock is
 *   the claim: nothing is written until the outcome), does the
 *   item's work in a savepoint of that same transaction and marks the row SUCCEEDED before committing: the
 *   work and the "done" mark commit together, so a crash loses at most the item in flight and a rerun
 *   skips every finished item;
 * - a failing item rolls back to the savepoint and is marked FAILED with the error (attempts counted);
 *   the run goes on with the other items, and every later run tries it again (daily-batch.ts's retry
 *   pass, in its own date's context) until it succeeds;
 * - a worker that finds nothing left to claim waits until the rows other workers hold are finished, so
 *   no worker starts the next step while this one still has work in flight.
 *
 * High-volume steps (the monthly recurring debits and orders) also have a set-based path, `processChunk`:
 * a worker claims a chunk of rows (`chunkSize`, default 5,000) with the same SKIP LOCKED claim, does the
 * chunk's work with a few multi-row statements in a savepoint and marks all its rows SUCCEEDED with one
 * statement before the commit: still exactly once per item, a crash loses at most the chunk in flight.
 * Items the chunk leaves out (unusual cases) and every item of a chunk that failed go through `process`
 * one by one, each in its own savepoint of the same transaction, so one bad item is marked FAILED with its
 * error and the others are done.
 */

export interface StepContext {
  readonly businessDate: IsoDate;
  /**
   * The instant the date's writes carry (notices, mails, rows' updatedAt): the wall clock while it reads
   * the business date (JST), else the business date at the batch time (`businessInstant`), so a notice of
   * 12-23 shows 12-23 whenever it is posted (a catch-up, a retry, the demo CLI).
   */
  readonly now: () => Date;
  /** The batch's settings (batch-context.ts), the same for every step and date of a run. */
  readonly settings: BatchSettings;
}

export interface BatchStep {
  readonly name: string;
  /** The item ids of the step for the day (none when the step does not apply that day). */
  enumerate(db: Database, context: StepContext): Promise<readonly string[]>;
  /** Does one item's work in the caller's transaction and names its outcome for the report. */
  process(tx: Transaction, itemId: string, context: StepContext): Promise<string>;
  /**
   * Optional set-based path for high-volume steps: does the work of many items at once in the caller's
   * transaction (a few multi-row statements) and returns item id → outcome for the items it did. Items it
   * leaves out (unusual cases it hands to the exact per-item path) are then done one by one with `process`
   * in the same transaction. It must write exactly what `process` would for the items it does. When it
   * throws, its savepoint is rolled back and every item of the chunk goes through `process`, each in its
   * own savepoint, so one bad item cannot block the rest.
   */
  processChunk?(
    tx: Transaction,
    itemIds: readonly string[],
    context: StepContext,
  ): Promise<ReadonlyMap<string, string>>;
  /** Items claimed per transaction on the set-based path (default `defaultChunkSize`). */
  readonly chunkSize?: number;
}

/** Items per transaction of a step with `processChunk` unless the step or the caller says otherwise. */
export const defaultChunkSize = 5_000;

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
  /** Called when a step's set-based chunk failed and its items fall back to the per-item path. */
  readonly onChunkFailed?: (step: string, itemIds: readonly string[], error: unknown) => void;
  /** Called after a set-based chunk: how many items it did itself and how many it left to `process`. */
  readonly onChunkDone?: (step: string, setBased: number, perItem: number) => void;
}

export class BatchAbortedError extends Error {
  override readonly name = 'BatchAbortedError';
}

function errorText(error: unknown): string {
  let text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // the driver's error (e.g. the constraint or trigger that refused a row) is the cause of drizzle's
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) text = `${cause.message} — ${text}`;
  return text.slice(0, 2_000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RunStepOptions {
  readonly db: Database;
  readonly step: BatchStep;
  readonly context: StepContext;
  /**
   * Names this process's claim loops. The claim writes nothing (the row lock is the claim), so it is not
   * stored; kept so callers name their runs.
   */
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
  /**
   * Items per chunk of a step with `processChunk` (default: the step's `chunkSize`). 0 turns the set-based
   * path off: every item then goes through `process` (`itemsPerTransaction` per transaction).
   */
  readonly chunkSize?: number | undefined;
  readonly hooks?: RunnerHooks | undefined;
  /**
   * Retry the step's items of the date that are not done (FAILED ones) without enumerating new ones: the
   * retry pass over earlier dates, whose steps must not take on items that were not due on that date.
   */
  readonly retryOnly?: boolean | undefined;
}

/** Enumerates and runs the step's items with `workers` loops; resolves when no item is left in flight. */
export async function runStep(options: RunStepOptions): Promise<StepReport> {
  const { db, step, context } = options;
  const date = context.businessDate;
  const items = options.retryOnly === true ? [] : await step.enumerate(db, context);
  // items finished by earlier runs, counted before this run finishes any
  const { done: alreadyDone } = await countItems(db, step.name, date);
  // the loops start on the first items while the rest are inserted (in item order, so the rows of a later
  // insert come after every loop's cursor): 50,000 items take half a second to insert
  let inserting = true;
  const insertion = insertItems(db, step.name, date, items).finally(() => {
    inserting = false;
  });
  const outcomes: Record<string, number> = {};
  // ids this process already tried in this run and saw fail: not tried again until the next run
  const tried = new Set<string>();
  let failed = 0;

  const loop = async () => {
    // the loop's cursor: it claims the open items after the last one it claimed, walking the unique
    // (step, date, item) index from there instead of over every finished item again; rows it skipped
    // because another worker held them, and that worker gave back (a crash), are found by the walk from
    // the start it makes before it stops
    let after = '';
    for (;;) {
      const claimed = await claimAndProcess(options, tried, after);
      if (claimed === 'none' && inserting) {
        await sleep(10);
        continue;
      }
      if (claimed === 'none' && after !== '') {
        after = '';
        continue;
      }
      if (claimed === 'none') {
        if ((await openItemCount(db, step.name, date, tried)) === 0) return;
        await sleep(50); // another worker holds the rest: wait for it, the next step depends on them
        continue;
      }
      after = claimed.last;
      for (const result of claimed.results) {
        if (result.ok) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
        else failed += 1;
      }
      // The embedded database answers within the same turn of the event loop (no socket to wait on), so a
      // long step would keep every request waiting until its end: requests get their turn between chunks.
      await setImmediate();
    }
  };
  // every loop ends before the step reports (or fails): none is left running into the next step
  const settled = await Promise.allSettled([
    insertion,
    ...Array.from({ length: Math.max(1, options.workers) }, () => loop()),
  ]);
  const rejected = settled.find((result) => result.status === 'rejected');
  if (rejected !== undefined) throw rejected.reason;
  return {
    step: step.name,
    items: (await countItems(db, step.name, date)).total,
    alreadyDone,
    outcomes,
    failed,
  };
}

type ItemResult = { ok: true; outcome: string } | { ok: false; id: string };
/** The results of the items claimed, and the last item id claimed (the loop's next cursor). */
type Claim = 'none' | { results: ItemResult[]; last: string };

async function claimAndProcess(options: RunStepOptions, tried: Set<string>, after: string): Promise<Claim> {
  const { db, step, context } = options;
  const chunkSize = options.chunkSize ?? step.chunkSize ?? defaultChunkSize;
  const chunked = step.processChunk !== undefined && chunkSize > 0;
  const limit = Math.max(1, chunked ? chunkSize : (options.itemsPerTransaction ?? 1));
  const claimedIds: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      // claim: lock the rows; rows other workers hold are skipped, not waited for
      const rows = await claimItems(tx, {
        step: step.name,
        date: context.businessDate,
        after,
        excluded: tried,
        limit,
      });
      if (rows.length === 0) return 'none' as const;
      const claimed = [...rows].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
      for (const { id } of claimed) claimedIds.push(id);

      let done: ReadonlyMap<string, string> = new Map();
      if (chunked) {
        try {
          await replanCachedStatements(tx);
          done = await tx.transaction((savepoint) =>
            step.processChunk!(
              savepoint,
              claimed.map((item) => item.itemId),
              context,
            ),
          );
          options.hooks?.onChunkDone?.(step.name, done.size, claimed.length - done.size);
        } catch (error) {
          // the chunk rolled back to its savepoint: every item goes the exact per-item way below
          options.hooks?.onChunkFailed?.(
            step.name,
            claimed.map((item) => item.itemId),
            error,
          );
          done = new Map();
        }
      }

      const results: ItemResult[] = [];
      const succeeded: { id: string; itemId: string }[] = [];
      for (const item of claimed) {
        const outcome = done.get(item.itemId);
        if (outcome !== undefined) {
          succeeded.push(item);
          results.push({ ok: true as const, outcome });
          continue;
        }
        try {
          const itemOutcome = await tx.transaction((savepoint) =>
            step.process(savepoint, item.itemId, context),
          );
          succeeded.push(item);
          results.push({ ok: true as const, outcome: itemOutcome });
        } catch (error) {
          tried.add(item.id);
          await markItemFailed(tx, item.id, errorText(error));
          results.push({ ok: false as const, id: item.id });
        }
      }
      if (succeeded.length > 0) {
        await markItemsSucceeded(
          tx,
          succeeded.map((item) => item.id),
        );
      }
      for (const item of succeeded) await options.hooks?.beforeCommit?.(step.name, item.itemId);
      // the rows came in the database's item order (its collation): the cursor goes on from the last one
      return { results, last: rows.at(-1)!.itemId };
    });
  } catch (error) {
    // the transaction itself failed (connection lost, a hook aborted the run): nothing of it committed
    for (const id of claimedIds) tried.add(id);
    throw new BatchAbortedError(`Step ${step.name} aborted: ${errorText(error)}`, { cause: error });
  }
}
