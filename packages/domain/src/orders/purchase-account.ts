import type { AccountRoleType, AccountType } from '../enums/account.ts';

/**
 * Which account a customer may buy into, before any NISA limit is looked at (domain.md §5, §6):
 * - the pre-2024 一般NISA, つみたてNISA and ジュニアNISA take no new purchases;
 * - a JUNIOR_NISA customer makes no new purchases at all: since 2024 the ジュニアNISA product (tax-free
 *   and its taxable companion account alike) only holds and pays out;
 * - corporations have no 特定口座 and no NISA, so they buy in the general account only;
 * - CHILD customers buy in taxable accounts only (specific or general).
 */
export type PurchaseAccountRefusal =
  | 'closed-nisa-program'
  | 'junior-nisa-no-new-purchases'
  | 'corporation-general-account-only'
  | 'taxable-accounts-only';

export type PurchaseAccountCheck =
  { readonly ok: true } | { readonly ok: false; readonly reason: PurchaseAccountRefusal };

const closedNisaPrograms: readonly AccountType[] = ['general_nisa', 'tsumitate_nisa', 'junior_nisa'];
const taxableAccounts: readonly AccountType[] = ['specific', 'general'];

export function checkPurchaseAccount(accountType: AccountType, role: AccountRoleType): PurchaseAccountCheck {
  if (closedNisaPrograms.includes(accountType)) return { ok: false, reason: 'closed-nisa-program' };
  if (role === 'JUNIOR_NISA') return { ok: false, reason: 'junior-nisa-no-new-purchases' };
  if (role === 'CORPORATION' && accountType !== 'general') {
    return { ok: false, reason: 'corporation-general-account-only' };
  }
  if (role === 'CHILD' && !taxableAccounts.includes(accountType)) {
    return { ok: false, reason: 'taxable-accounts-only' };
  }
  return { ok: true };
}
