import { describe, expect, it } from 'vitest';
import { signedYen, yen } from '../money/money.ts';
import { taxOnNetGain, withholdingForSale, type TaxAmounts } from './capital-gains-withholding.ts';

const none: TaxAmounts = { incomeTax: yen(0), residentTax: yen(0) };

describe('withholding in a specific account, netted over the calendar year', () => {
  it('withholds 20,315 on a first gain of 100,000: 15,315 income tax (15.315 %) + 5,000 resident tax (5 %)', () => {
    expect(
      withholdingForSale({
        yearToDateNetGain: signedYen(0),
        yearToDateWithheld: none,
        saleGain: signedYen(100_000),
      }),
    ).toEqual({ incomeTax: 15_315n, residentTax: 5_000n, total: 20_315n });
  });

  it('refunds 8,126 after a later loss of 40,000: net 60,000 owes 9,189 + 3,000, so 15,315 − 9,189 = 6,126 and 5,000 − 3,000 = 2,000 come back', () => {
    expect(
      withholdingForSale({
        yearToDateNetGain: signedYen(100_000),
        yearToDateWithheld: { incomeTax: yen(15_315), residentTax: yen(5_000) },
        saleGain: signedYen(-40_000),
      }),
    ).toEqual({ incomeTax: -6_126n, residentTax: -2_000n, total: -8_126n });
  });

  it('refunds everything left when the year turns into a net loss: net 60,000 − 70,000 = −10,000 owes nothing', () => {
    expect(
      withholdingForSale({
        yearToDateNetGain: signedYen(60_000),
        yearToDateWithheld: { incomeTax: yen(9_189), residentTax: yen(3_000) },
        saleGain: signedYen(-70_000),
      }),
    ).toEqual({ incomeTax: -9_189n, residentTax: -3_000n, total: -12_189n });
  });

  it('withholds nothing on a gain that only wins back part of an earlier loss: −50,000 + 30,000 = −20,000', () => {
    expect(
      withholdingForSale({
        yearToDateNetGain: signedYen(-50_000),
        yearToDateWithheld: none,
        saleGain: signedYen(30_000),
      }),
    ).toEqual({ incomeTax: 0n, residentTax: 0n, total: 0n });
  });

  it('rounds each part down on its own: on 99 yen, ⌊15.16⌋ + ⌊4.95⌋ = 15 + 4 = 19 (not ⌊20.11⌋ = 20)', () => {
    expect(taxOnNetGain(signedYen(99))).toEqual({ incomeTax: 15n, residentTax: 4n });
  });

  it('never accumulates rounding: two gains of 99 withhold 19 then 20, the tax on 198 (⌊30.32⌋ + ⌊9.9⌋ = 39)', () => {
    const first = withholdingForSale({
      yearToDateNetGain: signedYen(0),
      yearToDateWithheld: none,
      saleGain: signedYen(99),
    });
    const second = withholdingForSale({
      yearToDateNetGain: signedYen(99),
      yearToDateWithheld: first,
      saleGain: signedYen(99),
    });
    expect(first.total).toBe(19n);
    expect(second).toEqual({ incomeTax: 15n, residentTax: 5n, total: 20n });
    expect(taxOnNetGain(signedYen(198))).toEqual({ incomeTax: 30n, residentTax: 9n });
  });
});
