import type { IsoDate } from '@fund/domain';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStep, type BatchStep } from './batch-runner.ts';
import { testBatchOptions } from './test/batch-fixtures.ts';

/**
 * The embedded database (PGlite) answers within the same turn of the event loop: a step of many chunks that
 * never gave the loop a turn would keep every request to the server waiting until the step ends (a night's
 * batch in `npm start`'s process). The runner gives it one between chunks.
 */
describe('batch runner on the embedded database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(() => database.drop());

  it('gives other work a turn between chunks: a timer runs while a step of 40 chunks goes on', async () => {
    const step: BatchStep = {
      name: 'runner-test-turns',
      enumerate: () => Promise.resolve(Array.from({ length: 400 }, (_, index) => `item-${index}`)),
      async process(tx) {
        await tx.execute(sql`SELECT 1`);
        return 'done';
      },
    };
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 0);
    try {
      await runStep({
        db: database.db,
        step,
        context: { businessDate: '2026-10-27' as IsoDate, now: () => new Date(), settings: testBatchOptions },
        workerId: 'test',
        workers: 1,
        chunkSize: 10,
      });
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThanOrEqual(20);
  });
});
