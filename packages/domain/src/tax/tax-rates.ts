/**
 * Tax rates on taxable gains and ordinary distributions of investment trusts (domain.md §6, NTA 1463):
 * 20.315 % for individuals = 15.315 % income tax (15 % + 2.1 % 復興特別所得税 on it) + 5 % resident tax
 * (住民税). Kept as exact fractions so no rate passes through a float.
 */
export interface TaxRate {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** 所得税及び復興特別所得税 15.315 % */
export const incomeTaxRate: TaxRate = { numerator: 15_315n, denominator: 100_000n };
/** 住民税 5 % */
export const residentTaxRate: TaxRate = { numerator: 5n, denominator: 100n };
