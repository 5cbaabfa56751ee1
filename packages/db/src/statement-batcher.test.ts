import { describe, expect, it } from 'vitest';
import { statementBatcher, statementBatcherPerDatabase } from './statement-batcher.ts';

/** A statement runner whose runs finish only when the test says so, recording what each run was given. */
function controlledRuns(answer: (item: number) => number = (item) => item * 10) {
  const runs: number[][] = [];
  const pending: { finish: () => void; fail: (error: Error) => void }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const run = (items: readonly number[]) => {
    runs.push([...items]);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    return new Promise<number[]>((resolve, reject) => {
      pending.push({
        finish: () => {
          running -= 1;
          resolve(items.map(answer));
        },
        fail: (error) => {
          running -= 1;
          reject(error);
        },
      });
    });
  };
  return { runs, pending, run, mostAtOnce: () => mostAtOnce };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('statementBatcher', () => {
  it('a lone call runs at once, alone', async () => {
    const runs = controlledRuns();
    const batcher = statementBatcher({ maxInFlight: 1, maxBatch: 10, run: runs.run });
    const answer = batcher.submit(1);
    expect(runs.runs).toEqual([[1]]);
    runs.pending.shift()!.finish();
    await expect(answer).resolves.toBe(10);
  });

  it('calls arriving while a statement runs go together in the next one, in arrival order, up to maxBatch', async () => {
    const runs = controlledRuns();
    const batcher = statementBatcher({ maxInFlight: 1, maxBatch: 3, run: runs.run });
    const answers = [1, 2, 3, 4, 5, 6].map((item) => batcher.submit(item));
    expect(runs.runs).toEqual([[1]]);
    runs.pending.shift()!.finish();
    await settle();
    expect(runs.runs).toEqual([[1], [2, 3, 4]]);
    runs.pending.shift()!.finish();
    await settle();
    expect(runs.runs).toEqual([[1], [2, 3, 4], [5, 6]]);
    runs.pending.shift()!.finish();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50, 60]);
    expect(runs.mostAtOnce()).toBe(1);
  });

  it('never runs more than maxInFlight statements at once', async () => {
    const runs = controlledRuns();
    const batcher = statementBatcher({ maxInFlight: 2, maxBatch: 100, run: runs.run });
    const answers = Array.from({ length: 7 }, (_, index) => batcher.submit(index));
    expect(runs.runs).toEqual([[0], [1]]);
    while (runs.pending.length > 0) {
      runs.pending.shift()!.finish();
      await settle();
    }
    await expect(Promise.all(answers)).resolves.toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(runs.runs.flat()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(runs.mostAtOnce()).toBe(2);
  });

  it('a refused shared statement runs each call again alone: only the refused call fails, with its own error', async () => {
    const batcher = statementBatcher<number, string>({
      maxInFlight: 1,
      maxBatch: 10,
      run: async (items) => {
        if (items.includes(13))
          throw new Error(items.length === 1 ? 'thirteen refused' : 'statement refused');
        return items.map((item) => `ok ${item}`);
      },
    });
    const first = batcher.submit(1); // runs alone at once; the three below wait and share the next statement
    const answers = [12, 13, 14].map((item) =>
      batcher.submit(item).then(
        (value) => value,
        (error: Error) => error.message,
      ),
    );
    await expect(first).resolves.toBe('ok 1');
    await expect(Promise.all(answers)).resolves.toEqual(['ok 12', 'thirteen refused', 'ok 14']);
  });

  it('a call after a failed one still runs', async () => {
    let fail = true;
    const batcher = statementBatcher<number, number>({
      maxInFlight: 1,
      maxBatch: 10,
      run: async (items) => {
        if (fail) throw new Error('down');
        return [...items];
      },
    });
    await expect(batcher.submit(1)).rejects.toThrow('down');
    fail = false;
    await expect(batcher.submit(2)).resolves.toBe(2);
  });
});

describe('statementBatcherPerDatabase', () => {
  it('gives each database its own batcher, made once', () => {
    const made: object[] = [];
    const batcherOf = statementBatcherPerDatabase((db: object) => {
      made.push(db);
      return { maxInFlight: 1, maxBatch: 1, run: async (items: readonly number[]) => [...items] };
    });
    const one = {};
    const other = {};
    expect(batcherOf(one)).toBe(batcherOf(one));
    expect(batcherOf(other)).not.toBe(batcherOf(one));
    expect(made).toEqual([one, other]);
  });
});
