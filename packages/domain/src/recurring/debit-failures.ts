/** After this many failed debits in a row an account-transfer plan is suspended (domain.md §3). */
export const failedDebitsBeforeSuspension = 3;

export type DebitOutcome = 'SUCCESS' | 'FAILURE';

export interface DebitFailureState {
  /** Failed debits in a row, up to and including the latest month. */
  readonly consecutiveFailures: number;
  /** True when the plan must now be SUSPENDED. */
  readonly suspend: boolean;
}

/** Folds one month's debit outcome into the run of failures: a success resets the run to zero. */
export function recordDebitOutcome(consecutiveFailures: number, outcome: DebitOutcome): DebitFailureState {
  if (!Number.isInteger(consecutiveFailures) || consecutiveFailures < 0) {
    throw new RangeError(`Failure count must be a whole number ≥ 0, got ${consecutiveFailures}`);
  }
  const failures = outcome === 'SUCCESS' ? 0 : consecutiveFailures + 1;
  return { consecutiveFailures: failures, suspend: failures >= failedDebitsBeforeSuspension };
}
