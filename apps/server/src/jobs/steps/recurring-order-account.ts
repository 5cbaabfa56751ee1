import {
  allocateRecurringPurchases,
  type AccountType,
  type RecurringDestination,
  type Yen,
} from '@fund/domain';

const nisaAccountTypes: readonly AccountType[] = ['nisa2_tsumitate', 'nisa2_growth'];

function destinationOf(accountType: AccountType): RecurringDestination {
  if (accountType === 'nisa2_tsumitate') return 'tsumitate';
  if (accountType === 'nisa2_growth') return 'growth';
  return 'taxable';
}

/**
 * Where a 積立 order of a NISA plan goes (domain.md §5 overflow: つみたて → 成長 → taxable), and the NISA
 * usage after it; a plan on a taxable account stays there. An account the customer does not have falls
 * back to the taxable one.
 */
export function purchaseAccountOf(input: {
  readonly plan: { readonly id: string; readonly accountType: AccountType };
  readonly amount: Yen;
  readonly fund: { readonly tsumitateEligible: boolean };
  readonly investor: Parameters<typeof allocateRecurringPurchases>[0] | undefined;
  readonly usage: Parameters<typeof allocateRecurringPurchases>[2];
  readonly settlementDate: Parameters<typeof allocateRecurringPurchases>[3];
  readonly accountTypes: ReadonlySet<AccountType>;
  readonly taxableAccount: AccountType;
}): { accountType: AccountType; usage: Parameters<typeof allocateRecurringPurchases>[2] } {
  const { plan, investor, usage, accountTypes, taxableAccount } = input;
  if (!nisaAccountTypes.includes(plan.accountType)) return { accountType: plan.accountType, usage };
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
  const destination = allocation?.allocations[0]?.destination ?? 'taxable';
  const allocated: AccountType =
    destination === 'tsumitate'
      ? 'nisa2_tsumitate'
      : destination === 'growth'
        ? 'nisa2_growth'
        : taxableAccount;
  return {
    accountType: accountTypes.has(allocated) ? allocated : taxableAccount,
    usage: allocation?.usage ?? usage,
  };
}
