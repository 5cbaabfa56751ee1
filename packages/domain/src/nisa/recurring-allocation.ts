import { yearOf, type IsoDate } from '../calendar/iso-date.ts';
import type { Yen } from '../money/money.ts';
import { nisaEligibility, type NisaInvestor } from './nisa-eligibility.ts';
import { nisaLimits } from './nisa-limits.ts';
import { nisaRoom, recordNisaPurchase, type NisaRoom, type NisaUsage } from './nisa-usage.ts';
import { splitRecurringAmount, type RecurringDestination } from './recurring-split.ts';

export interface RecurringPurchasePlan {
  readonly planId: string;
  /** This month's amount (bonus month extra included). */
  readonly amount: Yen;
  /** The account the plan was set up on. */
  readonly destination: RecurringDestination;
  readonly fundTsumitateEligible: boolean;
}

/** One order of a month's recurring purchases: a plan's amount, or the part of it bought in one account. */
export interface RecurringPurchaseAllocation {
  readonly planId: string;
  readonly amount: Yen;
  readonly destination: RecurringDestination;
}

export interface RecurringAllocationResult {
  /** In the order the plans were placed (larger amounts first), a plan's parts つみたて → 成長 → taxable. */
  readonly allocations: readonly RecurringPurchaseAllocation[];
  /** The usage with every NISA allocation recorded as a pending purchase. */
  readonly usage: NisaUsage;
}

/**
 * The NISA room a purchase settling on `settlementDate` has (the 受渡日 year's), or undefined when the
 * investor cannot buy in the 2024 NISA that year.
 */
export function recurringNisaRoom(
  investor: NisaInvestor,
  usage: NisaUsage,
  settlementDate: IsoDate,
): NisaRoom | undefined {
  const year = yearOf(settlementDate);
  if (year < nisaLimits.firstYear || !nisaEligibility(investor, year).ok) return undefined;
  return nisaRoom(usage, year);
}

/**
 * Places one month's recurring purchases that settle on `settlementDate` (domain.md §5): plans are placed
 * larger amounts first (ties keep their given order), each seeing the room the previous ones left, and
 * each plan's amount is split by `splitRecurringAmount`: つみたて is filled first, the rest continues in
 * 成長 if there is room, then in the taxable account. A plan makes one order per account it reaches.
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
    const parts = splitRecurringAmount(plan, recurringNisaRoom(investor, current, settlementDate));
    for (const part of parts) {
      if (part.destination !== 'taxable') {
        current = recordNisaPurchase(current, {
          bucket: part.destination,
          bookValue: part.amount,
          year: yearOf(settlementDate),
        });
      }
      allocations.push({ planId: plan.planId, amount: part.amount, destination: part.destination });
    }
  }
  return { allocations, usage: current };
}
