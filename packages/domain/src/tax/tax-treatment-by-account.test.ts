import { describe, expect, it } from 'vitest';
import { signedYen, yen } from '../money/money.ts';
import { capitalGainsTreatment } from './capital-gains-withholding.ts';
import { distributionWithholding } from './distribution-withholding.ts';

describe('capital gains tax by account', () => {
  it('withholds in the specific account, leaves the general account to the customer’s return, and exempts NISA', () => {
    expect(capitalGainsTreatment('specific')).toBe('withholding');
    expect(capitalGainsTreatment('general')).toBe('self-assessed');
    for (const nisa of [
      'general_nisa',
      'tsumitate_nisa',
      'nisa2_tsumitate',
      'nisa2_growth',
      'junior_nisa',
    ] as const) {
      expect(capitalGainsTreatment(nisa)).toBe('tax-free');
    }
  });
});

describe('withholding on an ordinary distribution of 10,000 yen', () => {
  it('takes 20.315 % from an individual in a taxable account: 1,531 (⌊1,531.5⌋) + 500', () => {
    expect(distributionWithholding(yen(10_000), 'specific', 'ADULT')).toEqual({
      incomeTax: 1_531n,
      residentTax: 500n,
    });
    expect(distributionWithholding(yen(10_000), 'general', 'CHILD')).toEqual({
      incomeTax: 1_531n,
      residentTax: 500n,
    });
  });

  it('takes 15.315 % income tax only from a corporation: 1,531, no resident tax', () => {
    expect(distributionWithholding(yen(10_000), 'general', 'CORPORATION')).toEqual({
      incomeTax: 1_531n,
      residentTax: 0n,
    });
  });

  it('takes nothing in NISA', () => {
    expect(distributionWithholding(yen(10_000), 'nisa2_growth', 'ADULT')).toEqual({
      incomeTax: 0n,
      residentTax: 0n,
    });
  });

  it('refuses a negative distribution', () => {
    expect(() => distributionWithholding(signedYen(-1), 'specific', 'ADULT')).toThrow(RangeError);
  });
});
