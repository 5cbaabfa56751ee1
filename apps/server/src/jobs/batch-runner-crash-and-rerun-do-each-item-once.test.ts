import type { IsoDate } from '@fund/domain';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchAbortedError, runStep, type BatchStep } from './batch-runner.ts';
import { arrayLiteral } from '../shared/sql-arrays.ts';
import { testBatchOptions } from './test/batch-fixtures.ts';

type Row = Record<string, unknown>;

const items = Array.from({ length: 25 }, (_, index) => `item-${String(index + 1).padStart(2, '0')}`);

/**
 * The runner's bookkeeping since migration 0007: claims walk the (step, date, item) index from each loop's
 * cursor, and an item's done mark is its only write. The step's work goes to a table whose primary key
 * refuses an item done twice, so any item done again after a crash or a rerun fails the test.
 */
describe('batch runner: a crash and the reruns do each item once', () => {
  let database: TestDatabase;
  const context = {
    businessDate: '2026-10-27' as IsoDate,
    now: () => new Date(),
    settings: testBatchOptions,
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`CREATE TABLE runner_test_work (step text, item text, PRIMARY KEY (step, item))`,
    );
  }, 60_000);
  afterAll(() => database.drop());

  const work = async (step: string): Promise<string[]> =>
    (
      (await database.db.execute(
        sql`SELECT item FROM runner_test_work WHERE step = ${step} ORDER BY item`,
      )) as unknown as { rows: Row[] }
    ).rows.map((row) => String(row.item));

  const stepNamed = (
    name: string,
    failing: Set<string> = new Set(),
    stepItems: readonly string[] = items,
  ): BatchStep => ({
    name,
    enumerate: () => Promise.resolve(stepItems),
    async process(tx, itemId) {
      if (failing.has(itemId)) throw new Error(`${itemId} refused`);
      await tx.execute(sql`INSERT INTO runner_test_work VALUES (${name}, ${itemId})`);
      return 'done';
    },
    async processChunk(tx, itemIds) {
      await tx.execute(sql`INSERT INTO runner_test_work
        SELECT ${name}, item FROM unnest(${arrayLiteral(itemIds)}::text[]) AS t(item)`);
      return new Map(itemIds.map((itemId) => [itemId, 'done']));
    },
  });

  it('a run killed in its second chunk of 10 keeps the first; the rerun does the other 15 once, a third run none', async () => {
    const step = stepNamed('runner-test-chunks');
    let commits = 0;
    await expect(
      runStep({
        db: database.db,
        step,
        context,
        workerId: 'test',
        workers: 1,
        chunkSize: 10,
        hooks: {
          beforeCommit: (_step, itemId) => {
            if (itemId === items[0]) commits += 1;
            if (itemId === items[10]) throw new Error('killed');
          },
        },
      }),
    ).rejects.toBeInstanceOf(BatchAbortedError);
    expect(commits).toBe(1);
    expect(await work(step.name)).toEqual(items.slice(0, 10));

    const rerun = await runStep({
      db: database.db,
      step,
      context,
      workerId: 'test',
      workers: 1,
      chunkSize: 10,
    });
    expect(rerun).toMatchObject({ items: 25, alreadyDone: 10, outcomes: { done: 15 }, failed: 0 });
    expect(await work(step.name)).toEqual(items);

    const third = await runStep({
      db: database.db,
      step,
      context,
      workerId: 'test',
      workers: 1,
      chunkSize: 10,
    });
    expect(third).toMatchObject({ items: 25, alreadyDone: 25, outcomes: {}, failed: 0 });
  }, 60_000);

  it('an item that fails one by one is passed by the cursor and marked FAILED; the next run does it, and only it', async () => {
    const failing = new Set([items[4]!]);
    const step = stepNamed('runner-test-items', failing);
    // one by one, three items per transaction
    const runItems = () =>
      runStep({
        db: database.db,
        step,
        context,
        workerId: 'test',
        workers: 1,
        chunkSize: 0,
        itemsPerTransaction: 3,
      });
    const first = await runItems();
    expect(first).toMatchObject({ items: 25, alreadyDone: 0, outcomes: { done: 24 }, failed: 1 });
    const [failed] = (
      (await database.db.execute(sql`SELECT item_id, status, attempts, last_error FROM batch_step_runs
        WHERE step = ${step.name} AND status <> 'SUCCEEDED'`)) as unknown as { rows: Row[] }
    ).rows;
    expect(failed).toMatchObject({ item_id: items[4], status: 'FAILED', attempts: 1 });
    expect(String(failed!.last_error)).toContain('item-05 refused');

    failing.clear();
    const rerun = await runItems();
    expect(rerun).toMatchObject({ items: 25, alreadyDone: 24, outcomes: { done: 1 }, failed: 0 });
    expect(await work(step.name)).toEqual(items);
  }, 60_000);

  it('12,001 items inserted in three statements while two loops already claim chunks of 1,000: each done once', async () => {
    const many = Array.from({ length: 12_001 }, (_, index) => `many-${String(index).padStart(5, '0')}`);
    const step = stepNamed('runner-test-many', new Set(), many);
    const seenAtFirstChunk: number[] = [];
    const report = await runStep({
      db: database.db,
      step: {
        ...step,
        async processChunk(tx, itemIds, stepContext) {
          if (seenAtFirstChunk.length === 0) {
            const [row] = (
              (await tx.execute(
                sql`SELECT count(*)::int AS n FROM batch_step_runs WHERE step = ${step.name}`,
              )) as unknown as { rows: Row[] }
            ).rows;
            seenAtFirstChunk.push(Number(row?.n));
          }
          return step.processChunk!(tx, itemIds, stepContext);
        },
      },
      context,
      workerId: 'test',
      workers: 2,
      chunkSize: 1_000,
    });
    expect(report).toMatchObject({ items: 12_001, alreadyDone: 0, outcomes: { done: 12_001 }, failed: 0 });
    expect(await work(step.name)).toEqual(many);
    expect(seenAtFirstChunk[0]).toBeGreaterThan(0);
  }, 60_000);
});
