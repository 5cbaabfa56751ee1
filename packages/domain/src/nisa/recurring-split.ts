import type { Yen } from '../money/money.ts';
import type { NisaBucket } from './nisa-limits.ts';
import type { NisaRoom } from './nisa-usage.ts';

/** Where (part of) a month's recurring purchase goes: a NISA bucket or the customer's taxable account. */
export type RecurringDestination = NisaBucket | 'taxable';

/** One part of a month's 積立 amount and the account it is bought in. */
export interface RecurringSplitPart {
  readonly destination: RecurringDestination;
  readonly amount: Yen;
}

/** The accounts a plan's money goes to, in order (domain.md §5). */
export const recurringFallbacks: Readonly<Record<RecurringDestination, readonly RecurringDestination[]>> = {
  tsumitate: ['tsumitate', 'growth', 'taxable'],
  growth: ['growth', 'taxable'],
  taxable: ['taxable'],
};

/**
 * Splits one month's 積立 amount across accounts (domain.md §5): a plan on つみたて投資枠 fills the room
 * つみたて has left, the rest continues in 成長投資枠 as far as it has room, and what is left is bought in the
 * taxable account; a plan on 成長投資枠 falls back to taxable only. `room` is the room of the year of the
 * order's 受渡日 (a late-December order settling in January uses January's year), or undefined when the
 * customer cannot buy in NISA that year. Each bucket's share is bounded by every limit a NISA purchase
 * checks: the bucket's annual room, growth ≤ 12,000,000 簿価, total ≤ 18,000,000 簿価 (both buckets share
 * the last, so what つみたて takes is no longer there for 成長). Parts are in the order above, none is zero,
 * and they add up to `amount`.
 */
export function splitRecurringAmount(
  plan: {
    readonly amount: Yen;
    readonly destination: RecurringDestination;
    readonly fundTsumitateEligible: boolean;
  },
  room: NisaRoom | undefined,
): RecurringSplitPart[] {
  const parts: RecurringSplitPart[] = [];
  let remaining: bigint = plan.amount;
  let lifetime: bigint = room?.lifetime ?? 0n;
  for (const destination of recurringFallbacks[plan.destination]) {
    if (remaining <= 0n) break;
    if (destination === 'taxable') {
      parts.push({ destination, amount: remaining as Yen });
      break;
    }
    if (room === undefined) continue;
    if (destination === 'tsumitate' && !plan.fundTsumitateEligible) continue;
    const bucketRoom: bigint =
      destination === 'tsumitate'
        ? room.tsumitateAnnual
        : room.growthAnnual < room.growthLifetime
          ? room.growthAnnual
          : room.growthLifetime;
    const fits = [remaining, bucketRoom, lifetime].reduce((a, b) => (b < a ? b : a));
    if (fits <= 0n) continue;
    parts.push({ destination, amount: fits as Yen });
    remaining -= fits;
    lifetime -= fits;
  }
  return parts;
}

/** True when a month's amount does not all go to the account the plan was set up on. */
export function isRecurringAmountMoved(
  destination: RecurringDestination,
  parts: readonly RecurringSplitPart[],
): boolean {
  return parts.some((part) => part.destination !== destination);
}
