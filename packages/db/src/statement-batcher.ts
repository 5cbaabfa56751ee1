/**
 * Coalesces calls that each would run one statement into statements that serve many (decision 010,
 * "Placements share statements"): at most `maxInFlight` statements run at a time, and the calls that
 * arrive meanwhile wait and go together in the next one, up to `maxBatch`. A lone call runs at once,
 * alone, so nothing waits on an idle database; under load the statements grow with the queue, and the
 * per-statement costs (a round trip, the executor's start, statement triggers, a commit) are shared.
 *
 * `run` answers one result per item, in the items' order. When a statement for several items fails, each
 * item runs again alone, so every caller gets what its call alone would have had: one item's refusal (an
 * overdraft, a taken key) never becomes another's.
 */
export interface StatementBatcher<In, Out> {
  submit(item: In): Promise<Out>;
}

export interface StatementBatcherOptions<In, Out> {
  readonly maxInFlight: number;
  readonly maxBatch: number;
  readonly run: (items: readonly In[]) => Promise<readonly Out[]>;
}

interface Waiting<In, Out> {
  readonly item: In;
  readonly resolve: (value: Out) => void;
  readonly reject: (reason: unknown) => void;
}

export function statementBatcher<In, Out>(
  options: StatementBatcherOptions<In, Out>,
): StatementBatcher<In, Out> {
  const queue: Waiting<In, Out>[] = [];
  let inFlight = 0;

  async function runAlone(waiting: Waiting<In, Out>): Promise<void> {
    try {
      const [result] = await options.run([waiting.item]);
      waiting.resolve(result as Out);
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function runTogether(batch: readonly Waiting<In, Out>[]): Promise<void> {
    if (batch.length === 1) return runAlone(batch[0]!);
    let results: readonly Out[];
    try {
      results = await options.run(batch.map((waiting) => waiting.item));
    } catch {
      await Promise.all(batch.map((waiting) => runAlone(waiting)));
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(results[index] as Out));
  }

  function pump(): void {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      inFlight += 1;
      void runTogether(queue.splice(0, options.maxBatch)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    submit(item) {
      return new Promise<Out>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}

/** One batcher per database (a pool): `batcherOf(db)` makes it on first use with `optionsFor(db)`. */
export function statementBatcherPerDatabase<Db extends object, In, Out>(
  optionsFor: (db: Db) => StatementBatcherOptions<In, Out>,
): (db: Db) => StatementBatcher<In, Out> {
  const batchers = new WeakMap<Db, StatementBatcher<In, Out>>();
  return (db) => {
    let batcher = batchers.get(db);
    if (batcher === undefined) {
      batcher = statementBatcher(optionsFor(db));
      batchers.set(db, batcher);
    }
    return batcher;
  };
}
