import {
  allocateRecurringPurchases,
  formatAccountType,
  formatJapaneseDate,
  formatYen,
  yearOf,
  type AccountType,
  type IsoDate,
  type NisaInvestor,
  type NisaUsage,
  type RecurringDestination,
  type YearMonth,
  type Yen,
} from '@fund/domain';
import type { Transaction } from '@fund/db';
import { monthKey } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';

const nisaAccountTypes: readonly AccountType[] = ['nisa2_tsumitate', 'nisa2_growth'];

function destinationOf(accountType: AccountType): RecurringDestination {
  if (accountType === 'nisa2_tsumitate') return 'tsumitate';
  if (accountType === 'nisa2_growth') return 'growth';
  return 'taxable';
}

/** One order of a month's 積立: the account and the part of the month's amount bought in it. */
export interface RecurringOrderPart {
  readonly accountType: AccountType;
  readonly amount: Yen;
}

/**
 * Where a month's 積立 amount of a plan is bought (domain.md §5): a NISA plan's amount is split つみたて →
 * 成長 → taxable by the room of the order's 受渡日 year (`allocateRecurringPurchases`), one part per
 * account; a plan on a taxable account stays there. A part for an account the customer does not have goes
 * to the taxable one (parts for the same account are one order). Also the NISA usage after the parts.
 */
export function purchaseAccountsOf(input: {
  readonly plan: { readonly id: string; readonly accountType: AccountType };
  readonly amount: Yen;
  readonly fund: { readonly tsumitateEligible: boolean };
  readonly investor: NisaInvestor | undefined;
  readonly usage: NisaUsage;
  readonly settlementDate: IsoDate;
  readonly accountTypes: ReadonlySet<AccountType>;
  readonly taxableAccount: AccountType;
}): { parts: RecurringOrderPart[]; usage: NisaUsage } {
  const { plan, investor, usage, accountTypes, taxableAccount } = input;
  if (!nisaAccountTypes.includes(plan.accountType))
    return { parts: [{ accountType: plan.accountType, amount: input.amount }], usage };
  const allocation =
    investor === undefined
      ? undefined
      : allocateRecurringPurchases(
          investor,
          [
            {
              planId: plan.id,
              amount: input.amount,
              destination: destinationOf(plan.accountType),
              fundTsumitateEligible: input.fund.tsumitateEligible,
            },
          ],
          usage,
          input.settlementDate,
        );
  const parts: RecurringOrderPart[] = [];
  for (const { destination, amount } of allocation?.allocations ?? [
    { destination: 'taxable' as const, amount: input.amount },
  ]) {
    const wanted: AccountType =
      destination === 'tsumitate'
        ? 'nisa2_tsumitate'
        : destination === 'growth'
          ? 'nisa2_growth'
          : taxableAccount;
    const accountType = accountTypes.has(wanted) ? wanted : taxableAccount;
    const same = parts.findIndex((part) => part.accountType === accountType);
    if (same === -1) parts.push({ accountType, amount });
    else parts[same] = { accountType, amount: (parts[same]!.amount + amount) as Yen };
  }
  return { parts, usage: allocation?.usage ?? usage };
}

/**
 * The idempotency key of a part: the first part keeps the plan's monthly key (`tsumitate:<plan>:<yyyy-mm>`,
 * as an unsplit month has it), a further part adds its account type.
 */
export function recurringOrderKey(planId: string, month: YearMonth, index: number, part: RecurringOrderPart) {
  const key = `tsumitate:${planId}:${monthKey(month)}`;
  return index === 0 ? key : `${key}:${part.accountType}`;
}

/** True when the month's amount is not all bought in the account the plan was set up on. */
export function isMoved(planAccountType: AccountType, parts: readonly RecurringOrderPart[]): boolean {
  return parts.some((part) => part.accountType !== planAccountType);
}

/**
 * Tells the customer, the day the orders are placed, that a month's 積立 was split or moved to another
 * account and why (domain.md §5: "say so … when it happens").
 */
export async function postSplitNotice(
  tx: Transaction,
  notice: {
    readonly customerId: string;
    readonly fundName: string;
    readonly planAccountType: AccountType;
    readonly amount: bigint;
    readonly parts: readonly RecurringOrderPart[];
    readonly settlementDate: IsoDate;
    readonly at: Date;
  },
): Promise<void> {
  const year = yearOf(notice.settlementDate);
  await postNotice(tx, {
    customerId: notice.customerId,
    title: 'NISAの積立の買付口座についてのお知らせ',
    lines: [
      `${notice.fundName}の積立 ${formatYen(notice.amount)}（${formatAccountType(notice.planAccountType)}）は、` +
        `受渡日（${formatJapaneseDate(notice.settlementDate)}）の${year}年のNISAの投資枠の残りに合わせて、次のとおり買付をお申込みしました。`,
      ...notice.parts.map((part) => `${formatAccountType(part.accountType)}：${formatYen(part.amount)}`),
      'NISAの積立は、つみたて投資枠の残りを先に使い、足りない分を成長投資枠、それでも足りない分を課税口座で買い付けます。',
    ],
    at: notice.at,
  });
}
