import { describe, expect, it } from 'vitest';
import { accountTypeValues } from '../enums/account.ts';
import { checkPurchaseAccount } from './purchase-account.ts';

describe('which account a customer may buy into', () => {
  it('lets an adult buy in specific, general and both 2024 NISA buckets', () => {
    for (const accountType of ['specific', 'general', 'nisa2_tsumitate', 'nisa2_growth'] as const) {
      expect(checkPurchaseAccount(accountType, 'ADULT')).toEqual({ ok: true });
    }
  });

  it('takes no new purchases into the pre-2024 NISA accounts, whoever buys', () => {
    for (const accountType of ['general_nisa', 'tsumitate_nisa', 'junior_nisa'] as const) {
      expect(checkPurchaseAccount(accountType, 'ADULT')).toEqual({
        ok: false,
        reason: 'closed-nisa-program',
      });
    }
  });

  it('lets a corporation buy in the general account only', () => {
    expect(checkPurchaseAccount('general', 'CORPORATION')).toEqual({ ok: true });
    for (const accountType of ['specific', 'nisa2_tsumitate', 'nisa2_growth'] as const) {
      expect(checkPurchaseAccount(accountType, 'CORPORATION')).toEqual({
        ok: false,
        reason: 'corporation-general-account-only',
      });
    }
  });

  it('lets a child buy in taxable accounts only', () => {
    expect(checkPurchaseAccount('specific', 'CHILD')).toEqual({ ok: true });
    expect(checkPurchaseAccount('general', 'CHILD')).toEqual({ ok: true });
    expect(checkPurchaseAccount('nisa2_growth', 'CHILD')).toEqual({
      ok: false,
      reason: 'taxable-accounts-only',
    });
  });

  it('lets a junior NISA customer make no new purchase in any account', () => {
    for (const accountType of accountTypeValues) {
      expect(checkPurchaseAccount(accountType, 'JUNIOR_NISA').ok).toBe(false);
    }
    expect(checkPurchaseAccount('specific', 'JUNIOR_NISA')).toEqual({
      ok: false,
      reason: 'junior-nisa-no-new-purchases',
    });
  });
});
