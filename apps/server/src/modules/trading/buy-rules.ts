// The rules of a buy that need no database, shared by the orders API (`buy-plan.ts`) and the batch's
// set-based 積立 chunk (`jobs/steps/recurring-orders-chunk.ts`), so both refuse and count alike.
import type { Fund } from '@fund/db';
import {
  checkPurchaseAccount,
  takesOrdersOn,
  decideNisaPurchase,
  unitsForAmount,
  type AccountRoleType,
  type AccountType,
  type IsoDate,
  type NavPer10k,
  type NisaBucket,
  type NisaPurchaseDecision,
  type NisaUsage,
  type PurchaseAccountRefusal,
  type Units,
  type Yen,
} from '@fund/domain';

/** Why a buy cannot be placed in the account, whatever its amount. */
export type BuyStandingRefusal =
  | { readonly kind: 'fund-not-on-sale' }
  | { readonly kind: 'fund-ending' }
  | { readonly kind: 'account-not-allowed'; readonly reason: PurchaseAccountRefusal }
  | { readonly kind: 'no-nisa-account' }
  | { readonly kind: 'no-such-account' };

/**
 * The fund is on sale, its announced 償還 (if any) still takes an order of this 申込日, and the customer
 * may buy in the account, which is open.
 */
export function buyStandingRefusal(
  fund: Pick<Fund, 'salesStatus' | 'redemptionDate' | 'lastOrderDate'>,
  applicationDate: IsoDate,
  accountType: AccountType,
  role: AccountRoleType,
  openAccountTypes: ReadonlySet<AccountType>,
  bucket: NisaBucket | null,
): BuyStandingRefusal | undefined {
  // an ending (or ended, REDEEMED) fund says when it stopped taking orders
  if (!takesOrdersOn(fund, applicationDate)) return { kind: 'fund-ending' };
  if (fund.salesStatus !== 'ON_SALE') return { kind: 'fund-not-on-sale' };
  const accountCheck = checkPurchaseAccount(accountType, role);
  if (!accountCheck.ok) return { kind: 'account-not-allowed', reason: accountCheck.reason };
  if (!openAccountTypes.has(accountType)) {
    return { kind: bucket === null ? 'no-such-account' : 'no-nisa-account' };
  }
  return undefined;
}

/** The units an AMOUNT buy estimates at the NAV; undefined when it is too small to buy one unit. */
export function unitsOfAmountBuy(amount: Yen | undefined, nav: NavPer10k): Units | undefined {
  if (amount === undefined || amount <= 0n) return undefined;
  const units = unitsForAmount(amount, nav);
  return units <= 0n ? undefined : units;
}

/**
 * The NISA decision of a buy in `bucket`: a growth buy needs a growth-eligible fund, then the limits of the
 * year of its 受渡日. The account is open, so the customer holds a NISA account and lives in Japan.
 */
export function decideBuyNisa(
  customer: { readonly role: AccountRoleType; readonly birthDate: string | null },
  fund: Pick<Fund, 'growthEligible' | 'tsumitateEligible'>,
  request: {
    readonly bucket: NisaBucket;
    readonly kind: 'SPOT' | 'RECURRING';
    readonly amount: Yen;
    readonly settlementDate: IsoDate;
  },
  usage: NisaUsage,
):
  | NisaPurchaseDecision
  | { readonly allowed: false; readonly reason: 'fund-not-growth-eligible'; readonly room?: undefined } {
  if (request.bucket === 'growth' && !fund.growthEligible) {
    return { allowed: false, reason: 'fund-not-growth-eligible' };
  }
  return decideNisaPurchase(
    {
      role: customer.role,
      birthDate: (customer.birthDate ?? '9999-12-31') as IsoDate,
      residentOfJapan: true,
      hasNisaAccount: true,
    },
    { ...request, fundTsumitateEligible: fund.tsumitateEligible },
    usage,
  );
}
