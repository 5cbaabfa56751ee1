import { yearOf, type IsoDate } from '../calendar/iso-date.ts';
import type { Yen } from '../money/money.ts';
import type { NisaInvestor } from './nisa-eligibility.ts';
import type { NisaBucket } from './nisa-limits.ts';
import { decideNisaPurchase } from './nisa-purchase-decision.ts';
import { recordNisaPurchase, type NisaUsage } from './nisa-usage.ts';

/** Where a month's recurring purchase goes: a NISA bucket or the customer's taxable account. */
export type RecurringDestination = NisaBucket | 'taxable';

export interface RecurringPurchasePlan {
  readonly planId: string;
  /** This month's amount (bonus month extra included). */
  readonly amount: Yen;
  /** The account the plan was set up on. */
  readonly destination: RecurringDestination;
  readonly fundTsumitateEligible: boolean;
}

export interface RecurringPurchaseAllocation {
  readonly planId: string;
  readonly amount: Yen;
  readonly destination: RecurringDestination;
}

export interface RecurringAllocationResult {
  /** In the order the plans were placed: larger amounts first. */
  readonly allocations: readonly RecurringPurchaseAllocation[];
  /** The usage with every NISA allocation recorded as a pending purchase. */
  readonly usage: NisaUsage;
}

const fallbacks: Readonly<Record<RecurringDestination, readonly RecurringDestination[]>> = {
  tsumitate: ['tsumitate', 'growth', 'taxable'],
  growth: ['growth', 'taxable'],
  taxable: ['taxable'],
};

/**
 * Places one month's recurring purchases that settle on `settlementDate` (domain.md §5): a plan on
 * つみたて投資枠 that no longer fits continues in 成長投資枠 if there is room, else in the taxable
 * account; a plan on 成長投資枠 falls back to taxable only. Plans are placed larger amounts first (ties
 * keep their given order), each seeing the room the previous ones left. A month's amount is never split
 * across accounts: it goes whole to the first account with room for all of it, so each plan makes one
 * order a month.
 */
export function allocateRecurringPurchases(
  investor: NisaInvestor,
  plans: readonly RecurringPurchasePlan[],
  usage: NisaUsage,
  settlementDate: IsoDate,
): RecurringAllocationResult {
  const ordered = plans
    .map((plan, index) => ({ plan, index }))
    .sort((a, b) =>
      a.plan.amount === b.plan.amount ? a.index - b.index : a.plan.amount > b.plan.amount ? -1 : 1,
    )
    .map(({ plan }) => plan);

  let current = usage;
  const allocations: RecurringPurchaseAllocation[] = [];
  for (const plan of ordered) {
    const destination =
      fallbacks[plan.destination].find((candidate) => {
        if (candidate === 'taxable') return true;
        const decision = decideNisaPurchase(
          investor,
          {
            bucket: candidate,
            kind: 'RECURRING',
            fundTsumitateEligible: plan.fundTsumitateEligible,
            amount: plan.amount,
            settlementDate,
          },
          current,
        );
        return decision.allowed;
      }) ?? 'taxable';
    if (destination !== 'taxable') {
      current = recordNisaPurchase(current, {
        bucket: destination,
        bookValue: plan.amount,
        year: yearOf(settlementDate),
      });
    }
    allocations.push({ planId: plan.planId, amount: plan.amount, destination });
  }
  return { allocations, usage: current };
}
