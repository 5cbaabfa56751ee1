import type { RecurringPurchase as RecurringPurchaseAnswer } from '@fund/contracts';
import type { DatabaseExecutor } from '@fund/db';
import {
  isRecurringAmountMoved,
  jstDateOf,
  recurringNisaRoom,
  splitRecurringAmount,
  yearOf,
  type AccountType,
  type IsoDate,
  type Yen,
} from '@fund/domain';
import { nisaUsageOfCustomer } from './nisa-room.repository.ts';
import type { PlanCustomer } from './plans.repository.ts';

/**
 * How this year's NISA room splits a NISA plan's monthly amount (domain.md §5, the batch's own rule
 * `splitRecurringAmount`), for the answer of a set-up or change: undefined when it all fits the plan's 枠
 * or the plan is not on NISA. A set-up with an amount above the 枠 is allowed: the answer says where the
 * rest goes, and the 積立 confirm screen says it before.
 */
export async function recurringNisaAllocation(
  db: DatabaseExecutor,
  customer: PlanCustomer,
  plan: {
    readonly accountType: AccountType;
    readonly amount: Yen;
    readonly fundTsumitateEligible: boolean;
    readonly taxableAccount: AccountType;
  },
  now: Date,
): Promise<RecurringPurchaseAnswer['nisaAllocation']> {
  if (plan.accountType !== 'nisa2_tsumitate' && plan.accountType !== 'nisa2_growth') return undefined;
  const destination = plan.accountType === 'nisa2_tsumitate' ? 'tsumitate' : 'growth';
  const today = jstDateOf(now);
  const room =
    customer.birthDate === null
      ? undefined
      : recurringNisaRoom(
          {
            role: customer.role,
            birthDate: customer.birthDate as IsoDate,
            residentOfJapan: true,
            hasNisaAccount: true,
          },
          await nisaUsageOfCustomer(db, customer.id),
          today,
        );
  const parts = splitRecurringAmount(
    { amount: plan.amount, destination, fundTsumitateEligible: plan.fundTsumitateEligible },
    room,
  );
  if (!isRecurringAmountMoved(destination, parts)) return undefined;
  return {
    year: yearOf(today),
    parts: parts.map((part) => ({
      accountType:
        part.destination === 'tsumitate'
          ? 'nisa2_tsumitate'
          : part.destination === 'growth'
            ? 'nisa2_growth'
            : (plan.taxableAccount as 'specific' | 'general'),
      amount: String(part.amount),
    })),
  };
}
