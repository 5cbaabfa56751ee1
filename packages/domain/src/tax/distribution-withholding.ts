import type { AccountRoleType, AccountType } from '../enums/account.ts';
import type { Yen } from '../money/money.ts';
import { divideFloor } from '../money/rounding.ts';
import type { TaxAmounts } from './capital-gains-withholding.ts';
import { incomeTaxRate, residentTaxRate } from './tax-rates.ts';

/**
 * Tax withheld on an ordinary distribution (普通分配金; 元本払戻金 is never taxed, see
 * `cost-basis/distribution-split.ts`), domain.md §6:
 * - NISA accounts: none;
 * - individuals in taxable accounts (specific or general alike): 20.315 % = 15.315 % + 5 %;
 * - corporations: 15.315 % income tax only (no resident tax is withheld for corporations).
 * Each part is rounded down to the yen. The demo funds reinvest and pay no distributions; the rule is here
 * so that a distributing fund can be added without new tax code.
 */
export function distributionWithholding(
  ordinaryDistribution: Yen,
  accountType: AccountType,
  role: AccountRoleType,
): TaxAmounts {
  if (ordinaryDistribution < 0n) {
    throw new RangeError(`Distribution must not be negative, got ${ordinaryDistribution}`);
  }
  const zero = 0n as Yen;
  if (accountType !== 'specific' && accountType !== 'general') return { incomeTax: zero, residentTax: zero };
  const incomeTax = divideFloor(
    ordinaryDistribution * incomeTaxRate.numerator,
    incomeTaxRate.denominator,
  ) as Yen;
  if (role === 'CORPORATION') return { incomeTax, residentTax: zero };
  const residentTax = divideFloor(
    ordinaryDistribution * residentTaxRate.numerator,
    residentTaxRate.denominator,
  ) as Yen;
  return { incomeTax, residentTax };
}
