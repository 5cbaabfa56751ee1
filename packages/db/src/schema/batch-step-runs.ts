import { sql } from 'drizzle-orm';
import { check, date, integer, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * PENDING → SUCCEEDED, or FAILED (retried later). A worker's claim is the row lock it holds while the item
 * runs (`FOR UPDATE SKIP LOCKED`), written with the outcome in the same transaction; RUNNING is kept in
 * the type but the runner no longer writes it (no one else could ever see it).
 */
export const batchStepStatus = pgEnum('batch_step_status', ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED']);
export type BatchStepStatus = (typeof batchStepStatus.enumValues)[number];

/**
 * 日次バッチ: one row per (step, business date, item), so every step is idempotent per item: a worker
 * claims rows with `FOR UPDATE SKIP LOCKED` (or inserts with ON CONFLICT DO NOTHING) and a rerun of the
 * day skips what SUCCEEDED. `item_id` is e.g. an order or plan id, or '-' for a step run once per day.
 */
export const batchStepRuns = pgTable(
  'batch_step_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. `prices`, `execute-orders`, `settle-orders`, `recurring-debits`. */
    step: text('step').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    itemId: text('item_id').notNull(),
    status: batchStepStatus('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // the claim walks a step's items of a date in item order on this index, from the claiming loop's cursor
    // (SKIP LOCKED … item_id > cursor ORDER BY item_id LIMIT n). No index depends on the status (migration
    // 0007 dropped the partial "open" one, whose key was the same) and the table keeps free room on its
    // pages (fillfactor, set in 0007): marking an item done is then a HOT update, without index entries
    unique('batch_step_runs_step_date_item_unique').on(table.step, table.businessDate, table.itemId),
    check('batch_step_runs_attempts_not_negative', sql`${table.attempts} >= 0`),
    check('batch_step_runs_item_id_not_empty', sql`${table.itemId} <> ''`),
    check('batch_step_runs_lock_pair', sql`(${table.lockedBy} IS NULL) = (${table.lockedAt} IS NULL)`),
    check(
      'batch_step_runs_finished_when_succeeded',
      sql`(${table.status} = 'SUCCEEDED') = (${table.finishedAt} IS NOT NULL)`,
    ),
  ],
);

export type BatchStepRun = typeof batchStepRuns.$inferSelect;
export type NewBatchStepRun = typeof batchStepRuns.$inferInsert;
