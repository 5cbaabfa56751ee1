import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Yen } from '../money/money.ts';
import { taxOnNetGain, withholdingForSale, type TaxAmounts } from './capital-gains-withholding.ts';

describe('withholding over a year of sales', () => {
  it('always adds up to the tax on the year’s net gain, whatever the order of gains and losses', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -5_000_000n, max: 5_000_000n }), { maxLength: 30 }), (gains) => {
        let net = 0n as Yen;
        let withheld: TaxAmounts = { incomeTax: 0n as Yen, residentTax: 0n as Yen };
        for (const gain of gains) {
          const step = withholdingForSale({
            yearToDateNetGain: net,
            yearToDateWithheld: withheld,
            saleGain: gain as Yen,
          });
          withheld = {
            incomeTax: (withheld.incomeTax + step.incomeTax) as Yen,
            residentTax: (withheld.residentTax + step.residentTax) as Yen,
          };
          net = (net + gain) as Yen;
          // never more withheld than is due, never a refund beyond what was withheld
          expect(withheld).toEqual(taxOnNetGain(net));
          expect(withheld.incomeTax >= 0n && withheld.residentTax >= 0n).toBe(true);
        }
      }),
    );
  });

  it('each part is the exact rate rounded down: 15.315 % and 5 % of a gain', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), (gain) => {
        const tax = taxOnNetGain(gain as Yen);
        // ⌊g × 15,315 ÷ 100,000⌋ = t ⇔ t × 100,000 ≤ g × 15,315 < (t + 1) × 100,000
        expect(
          tax.incomeTax * 100_000n <= gain * 15_315n && gain * 15_315n < (tax.incomeTax + 1n) * 100_000n,
        ).toBe(true);
        expect(tax.residentTax * 100n <= gain * 5n && gain * 5n < (tax.residentTax + 1n) * 100n).toBe(true);
      }),
    );
  });
});
