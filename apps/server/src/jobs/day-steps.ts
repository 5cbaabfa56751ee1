import type { BatchStep } from './batch-runner.ts';
import { distributionsStep } from './steps/distributions.step.ts';
import { redemptionsStep } from './steps/redemptions.step.ts';
import { expiredRecordsStep } from './steps/expired-records.step.ts';
import { expiredSignInDataStep } from './steps/expired-sign-in-data.step.ts';
import { monthlyDepositsStep } from './steps/monthly-deposits.step.ts';
import { nisaYearStartStep } from './steps/nisa-year-start.step.ts';
import { orderExecutionStep } from './steps/order-execution.step.ts';
import { orderSettlementStep } from './steps/order-settlement.step.ts';
import { periodicReportsStep } from './steps/periodic-reports.step.ts';
import { preDebitCheckStep } from './steps/pre-debit-check.step.ts';
import { pricesStep } from './steps/prices.step.ts';
import { recurringDebitsStep } from './steps/recurring-debits.step.ts';
import { recurringOrdersStep } from './steps/recurring-orders.step.ts';
import { scheduledSellsStep } from './steps/scheduled-sells.step.ts';
import { sellPayoutsStep } from './steps/sell-payouts.step.ts';

/**
 * The steps of a business date in their order: the one list the batch runs and the demo history replays.
 * Each later step reads what the earlier ones wrote (orders placed today with a 約定日 of today are
 * executed the same run), so a worker only starts a step once the previous one has nothing left in
 * flight. A step reads its settings from its context (batch-context.ts), so adding one is this line.
 */
export const daySteps: readonly BatchStep[] = [
  pricesStep,
  nisaYearStartStep,
  monthlyDepositsStep,
  recurringDebitsStep,
  recurringOrdersStep,
  scheduledSellsStep,
  orderExecutionStep,
  orderSettlementStep,
  distributionsStep,
  redemptionsStep,
  sellPayoutsStep,
  periodicReportsStep,
  preDebitCheckStep,
  expiredSignInDataStep,
  expiredRecordsStep,
];

/** Where a step stands in the day: the replay of one date runs its items in this order too. */
export function dayStepRank(step: BatchStep): number {
  return daySteps.indexOf(step);
}
