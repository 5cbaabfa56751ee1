import type { IsoDate } from '@fund/domain';
import type { StepReport } from './batch-runner.ts';

/** A batch item still failed: its step, date and item, and the error of its last attempt. */
export interface FailedItem {
  readonly step: string;
  readonly businessDate: IsoDate;
  readonly itemId: string;
  readonly attempts: number;
  readonly lastError: string;
}

/** The retry of one step's failed items of an earlier date, done at the start of a run. */
export interface RetriedStep {
  readonly businessDate: IsoDate;
  readonly report: StepReport;
}

/** The orders of one fund and 約定日 that wait for that NAV: executed by the first run after it is in. */
export interface NavWait {
  readonly fundCode: string;
  readonly tradeDate: IsoDate;
  readonly orders: number;
}

export interface DayReport {
  readonly businessDate: IsoDate;
  readonly businessDay: boolean;
  /** Earlier dates' failed items retried before this date (the first date of a run only). */
  readonly retried: readonly RetriedStep[];
  readonly steps: readonly StepReport[];
  /** Items of the date not SUCCEEDED after the run (failed ones); the day is done for everyone else. */
  readonly unfinished: number;
  /** Every failed item still open after the date's run, this date's and earlier ones, oldest first. */
  readonly openFailures: readonly FailedItem[];
  /** Orders due that wait for their fund's NAV of their 約定日 (not in from the feed yet), by fund and date. */
  readonly waitingForNav: readonly NavWait[];
  readonly elapsedMs: number;
}

/** At most this many open failed items are listed one by one in a report. */
const listedFailures = 20;

function stepLine(step: StepReport): string {
  const outcomes = Object.entries(step.outcomes)
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ');
  const parts = [`${step.items} item(s)`];
  if (step.alreadyDone > 0) parts.push(`${step.alreadyDone} already done`);
  if (outcomes !== '') parts.push(outcomes);
  if (step.failed > 0) parts.push(`FAILED ${step.failed}`);
  return `${step.step.padEnd(18)} ${parts.join('; ')}`;
}

/**
 * One line per step with its counts, for the CLI and the logs; before them the earlier dates' failed
 * items retried now, after them the orders waiting for a NAV and every failed item still open (step,
 * date, item, attempts, last error).
 */
export function formatDayReport(report: DayReport): string {
  const header = `${report.businessDate}${report.businessDay ? '' : ' (not a business day)'} — ${report.elapsedMs} ms`;
  const retried = report.retried.map(
    ({ businessDate, report: step }) => `  retried ${businessDate} ${stepLine(step)}`,
  );
  const lines = report.steps.map((step) => `  ${stepLine(step)}`);
  const open = report.openFailures;
  const footer =
    open.length === 0
      ? []
      : [
          `  ${open.length} failed item(s) still open (retried at the next run; the day is done for everyone else):`,
          ...open
            .slice(0, listedFailures)
            .map(
              (item) =>
                `    ${item.step} ${item.businessDate} ${item.itemId} (${item.attempts} attempt(s)): ${item.lastError.split('\n')[0]!.slice(0, 300)}`,
            ),
          ...(open.length > listedFailures
            ? [`    … and ${open.length - listedFailures} more (batch_step_runs, status FAILED)`]
            : []),
        ];
  const waiting = report.waitingForNav.map(
    (wait) =>
      `  WAITING FOR NAV: ${wait.fundCode} ${wait.tradeDate}, ${wait.orders} order(s) not executed; import the NAV (npm run feed:import) and they execute at the next run`,
  );
  return [header, ...retried, ...lines, ...waiting, ...footer].join('\n');
}
