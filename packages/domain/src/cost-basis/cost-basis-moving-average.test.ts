import { describe, expect, it } from 'vitest';
import { InsufficientUnitsError, sellProceeds } from '../money/fund-pricing.ts';
import { navPer10k, signedYen, units, yen } from '../money/money.ts';
import { withholdingForSale } from '../tax/capital-gains-withholding.ts';
import {
  applyPurchaseToCostBasis,
  applySaleToCostBasis,
  emptyCostBasisPosition,
  realisedGain,
} from './moving-average.ts';

describe('個別元本 of two purchases and a sale in a specific account', () => {
  // buy 10,000 units at 10,000 → 個別元本 10,000
  const first = applyPurchaseToCostBasis(emptyCostBasisPosition, units(10_000), navPer10k(10_000));
  // buy 5,000 units at 12,345 → (10,000 × 10,000 + 5,000 × 12,345) ÷ 15,000 = 161,725,000 ÷ 15,000 = 10,781.67 → 10,782
  const second = applyPurchaseToCostBasis(first, units(5_000), navPer10k(12_345));

  it('starts at the first purchase price and re-averages by units, rounded up', () => {
    expect(first).toEqual({ units: 10_000n, basisPer10k: 10_000n });
    expect(second).toEqual({ units: 15_000n, basisPer10k: 10_782n });
  });

  it('gains 365 on 3,000 units sold at 12,000: proceeds ⌊3,600⌋ = 3,600 − cost ⌈3,000 × 10,782 ÷ 10,000⌉ = ⌈3,234.6⌉ = 3,235', () => {
    const proceeds = sellProceeds(units(3_000), navPer10k(12_000));
    expect(proceeds).toBe(3_600n);
    expect(realisedGain(units(3_000), proceeds, second.basisPer10k)).toEqual({
      acquisitionCost: 3_235n,
      gain: 365n,
    });
  });

  it('withholds ⌊365 × 15.315 %⌋ + ⌊365 × 5 %⌋ = 55 + 18 = 73, paying out 3,600 − 73 = 3,527', () => {
    const tax = withholdingForSale({
      yearToDateNetGain: signedYen(0),
      yearToDateWithheld: { incomeTax: yen(0), residentTax: yen(0) },
      saleGain: signedYen(365),
    });
    expect(tax).toEqual({ incomeTax: 55n, residentTax: 18n, total: 73n });
    expect(3_600n - tax.total).toBe(3_527n);
  });

  it('keeps 個別元本 on a sale and starts afresh once everything is sold', () => {
    const afterSale = applySaleToCostBasis(second, units(3_000));
    expect(afterSale).toEqual({ units: 12_000n, basisPer10k: 10_782n });
    expect(applySaleToCostBasis(afterSale, units(12_000))).toEqual(emptyCostBasisPosition);
    expect(applyPurchaseToCostBasis(emptyCostBasisPosition, units(100), navPer10k(9_000)).basisPer10k).toBe(
      9_000n,
    );
  });

  it('reports a loss as a negative gain: 3,000 units sold at 9,000 → 2,700 − 3,235 = −535', () => {
    expect(
      realisedGain(units(3_000), sellProceeds(units(3_000), navPer10k(9_000)), second.basisPer10k).gain,
    ).toBe(-535n);
  });

  it('refuses to sell more than is held, and empty purchases or sales', () => {
    expect(() => applySaleToCostBasis(second, units(15_001))).toThrow(InsufficientUnitsError);
    expect(() => applySaleToCostBasis(second, units(0))).toThrow(RangeError);
    expect(() => applyPurchaseToCostBasis(second, units(0), navPer10k(10_000))).toThrow(RangeError);
  });
});
