import type { AccountType } from '../enums/account.ts';
import { maxYen, type Yen } from '../money/money.ts';
import { divideFloor } from '../money/rounding.ts';
import { incomeTaxRate, residentTaxRate, type TaxRate } from './tax-rates.ts';

/** Tax on a gain, in its two parts: they are paid to different authorities and refunded separately. */
export interface TaxAmounts {
  /** 所得税及び復興特別所得税 */
  readonly incomeTax: Yen;
  /** 住民税 */
  readonly residentTax: Yen;
}

export interface WithholdingResult extends TaxAmounts {
  /** incomeTax + residentTax; negative = a refund (還付). */
  readonly total: Yen;
}

/**
 * How a sale's gain is taxed by account (domain.md §6): a specific account (特定口座, which this service
 * offers only with withholding, 源泉徴収あり) withholds at each sale; a general account withholds nothing
 * (the customer files a return); NISA gains are tax-free.
 */
export type CapitalGainsTreatment = 'withholding' | 'self-assessed' | 'tax-free';

export function capitalGainsTreatment(accountType: AccountType): CapitalGainsTreatment {
  if (accountType === 'specific') return 'withholding';
  if (accountType === 'general') return 'self-assessed';
  return 'tax-free';
}

function taxAt(amount: bigint, rate: TaxRate): Yen {
  return divideFloor(amount * rate.numerator, rate.denominator) as Yen;
}

/**
 * Tax on a year's net gain: each part computed on its own and rounded down to the yen (1円未満切り捨て),
 * the usual practice of specific accounts. A net loss owes nothing.
 */
export function taxOnNetGain(netGain: Yen): TaxAmounts {
  const taxable = maxYen(netGain, 0n as Yen);
  return { incomeTax: taxAt(taxable, incomeTaxRate), residentTax: taxAt(taxable, residentTaxRate) };
}

export interface SaleWithholdingInput {
  /** Realised gain minus loss in this specific account so far this calendar year (年初来の譲渡損益). */
  readonly yearToDateNetGain: Yen;
  /** Tax withheld so far this year, net of refunds. */
  readonly yearToDateWithheld: TaxAmounts;
  /** This sale's gain (negative for a loss). */
  readonly saleGain: Yen;
}

/**
 * Tax to withhold for one sale in a specific account with withholding, netted within the calendar year:
 * the tax due on the year's net gain after this sale, minus what was already withheld, per part. A loss
 * that brings the year's net gain down gives back earlier withholding (negative amounts = refund), and
 * because every sale recomputes from the year's total, the yen rounding never accumulates.
 */
export function withholdingForSale(input: SaleWithholdingInput): WithholdingResult {
  const due = taxOnNetGain((input.yearToDateNetGain + input.saleGain) as Yen);
  const incomeTax = (due.incomeTax - input.yearToDateWithheld.incomeTax) as Yen;
  const residentTax = (due.residentTax - input.yearToDateWithheld.residentTax) as Yen;
  return { incomeTax, residentTax, total: (incomeTax + residentTax) as Yen };
}
