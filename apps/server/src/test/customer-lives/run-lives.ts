// Runs the model-based test of customers' lives: random sequences of the commands, each in a fresh world,
// with the invariants checked after every business day. Used by the short seeded run in `npm test` and by
// the long run (`npm run soak:model`).
import fc from 'fast-check';
import { initialModel, lifeCommands, runNights, type LifeModel } from './commands.ts';
import { createWorld, firstDate, type World } from './world.ts';

export interface LivesOptions {
  readonly seed: number;
  readonly numRuns: number;
  /** Commands per life at most. */
  readonly maxCommands: number;
  /** fast-check's path of a failure to replay (printed with the seed). */
  readonly path?: string | undefined;
  /** Stop starting new lives after this long (ms); the run counts as passed when nothing failed. */
  readonly timeLimitMs?: number | undefined;
  /** Called after each life with its counts. */
  readonly onLife?: ((life: LifeModel) => void) | undefined;
}

/** Business days every life ends with, so each order it placed is executed, settled and paid out. */
const settlingDays = 12;

/** Throws fast-check's report (seed, path, the shrunk sequence and the broken invariant) on a failure. */
export async function runLives(options: LivesOptions): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.commands(lifeCommands, { maxCommands: options.maxCommands, size: 'max' }),
      async (commands) => {
        const world: World = await createWorld();
        try {
          const model = initialModel(firstDate);
          await fc.asyncModelRun(() => ({ model, real: world }), commands);
          await runNights(model, world, settlingDays);
          options.onLife?.(model);
        } finally {
          await world.close();
        }
      },
    ),
    {
      seed: options.seed,
      numRuns: options.numRuns,
      ...(options.path === undefined ? {} : { path: options.path }),
      ...(options.timeLimitMs === undefined
        ? {}
        : { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false }),
    },
  );
}
