import { batchStepRuns, type Transaction } from '@fund/db';
import type { IsoDate } from '@fund/domain';
import type { BatchSettings } from '../jobs/batch-context.ts';
import type { BatchStep } from '../jobs/batch-runner.ts';
import { dayStepRank } from '../jobs/day-steps.ts';
import { instantOn } from './demo-history-months.ts';

/**
 * One batch item of the demo history: the batch step's own `process` for that item, with what it must
 * end as; `before` writes what the script wants the step to find (e.g. a failed debit).
 */
export interface StepItem {
  readonly step: BatchStep;
  readonly itemId: string;
  readonly expected: readonly string[];
  readonly before?: () => Promise<void>;
}

/** The default batch time (BATCH_TIME 18:00 JST): the `now` of the batch items replayed for a date. */
const batchHour = 18;

/** Runs the replayed batch items and leaves them as the runner does, so a later batch run skips them. */
export class ReplayedBatchItems {
  readonly #tx: Transaction;
  readonly #settings: BatchSettings;
  readonly #stepRuns: { step: string; businessDate: string; itemId: string }[] = [];

  constructor(tx: Transaction, settings: BatchSettings) {
    this.#tx = tx;
    this.#settings = settings;
  }

  /** A date's items in the order of the day's steps (day-steps.ts), as the batch would run them. */
  async processAll(items: readonly StepItem[], businessDate: IsoDate): Promise<void> {
    const inDayOrder = [...items].sort((a, b) => dayStepRank(a.step) - dayStepRank(b.step));
    for (const item of inDayOrder) await this.process(item, businessDate);
  }

  async process(item: StepItem, businessDate: IsoDate): Promise<void> {
    await item.before?.();
    const outcome = await item.step.process(this.#tx, item.itemId, {
      businessDate,
      now: () => instantOn(businessDate, batchHour),
      settings: this.#settings,
    });
    if (!item.expected.includes(outcome)) {
      throw new Error(
        `Demo history: ${item.step.name} ${item.itemId} on ${businessDate} ended ${outcome}, expected ${item.expected.join(' or ')}`,
      );
    }
    this.#stepRuns.push({ step: item.step.name, businessDate, itemId: item.itemId });
  }

  /** The items done, as the runner leaves them: SUCCEEDED rows a later batch run of the date skips. */
  async record(): Promise<void> {
    const finishedAt = new Date();
    for (let start = 0; start < this.#stepRuns.length; start += 1_000) {
      await this.#tx
        .insert(batchStepRuns)
        .values(
          this.#stepRuns
            .slice(start, start + 1_000)
            .map((run) => ({ ...run, status: 'SUCCEEDED' as const, attempts: 1, finishedAt })),
        )
        .onConflictDoNothing();
    }
  }

  get count(): number {
    return this.#stepRuns.length;
  }
}
