import { describe, expect, it } from 'vitest';
import { signedYen, yen } from '../money/money.ts';
import { taxOnNetGain, withholdingForSale } from './capital-gains-withholding.ts';

// Decision 011: the tax on a gain is 15.315 % income tax and 5 % resident tax, each rounded down on its own.
describe('tax on a gain is two parts, each rounded down (decision 014)', () => {
  it('withholds 20,317 on a gain of 100,019 where the literal 20.315 % would take 20,318', () => {
    // income tax: 100,019 × 15,315 ÷ 100,000 = 15,317.90985 → 15,317
    // resident tax: 100,019 × 5 ÷ 100 = 5,000.95 → 5,000
    // together 20,317; ⌊100,019 × 20,315 ÷ 100,000⌋ = ⌊20,318.85985⌋ = 20,318, one yen more
    const literal = (100_019n * 20_315n) / 100_000n;
    expect(literal).toBe(20_318n);
    expect(taxOnNetGain(signedYen(100_019))).toEqual({ incomeTax: 15_317n, residentTax: 5_000n });
    expect(
      withholdingForSale({
        yearToDateNetGain: signedYen(0),
        yearToDateWithheld: { incomeTax: yen(0), residentTax: yen(0) },
        saleGain: signedYen(100_019),
      }),
    ).toEqual({ incomeTax: 15_317n, residentTax: 5_000n, total: 20_317n });
  });

  it('matches the literal rate when the fractions stay below one yen: 100,000 → 15,315 + 5,000 = 20,315', () => {
    // 100,000 × 0.15315 = 15,315 and 100,000 × 0.05 = 5,000 exactly; ⌊100,000 × 0.20315⌋ = 20,315
    expect(taxOnNetGain(signedYen(100_000))).toEqual({ incomeTax: 15_315n, residentTax: 5_000n });
  });

  it('nets each part over the year: a second gain of 100,019 withholds 15,318 + 5,001 (the tax on 200,038)', () => {
    // on 200,038: 200,038 × 0.15315 = 30,635.8197 → 30,635 and 200,038 × 0.05 = 10,001.9 → 10,001
    // minus the first sale's 15,317 and 5,000: 15,318 and 5,001
    expect(
      withholdingForSale({
        yearToDateNetGain: signedYen(100_019),
        yearToDateWithheld: { incomeTax: yen(15_317), residentTax: yen(5_000) },
        saleGain: signedYen(100_019),
      }),
    ).toEqual({ incomeTax: 15_318n, residentTax: 5_001n, total: 20_319n });
  });
});
