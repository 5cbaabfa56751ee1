import type { AccountRoleType, AccountType } from '../enums/account.ts';
import { splitDistribution } from '../cost-basis/distribution-split.ts';
import { costOfUnits, unitsForAmount } from '../money/fund-pricing.ts';
import { unitsPerQuote, type NavPer10k, type Units, type Yen } from '../money/money.ts';
import { divideFloor } from '../money/rounding.ts';
import type { TaxAmounts } from '../tax/capital-gains-withholding.ts';
import { distributionWithholding } from '../tax/distribution-withholding.ts';

/** 分配金の受取方法 of a holding: 受取 (paid in cash) or 再投資 (buys units of the same fund). */
export const distributionCourseValues = ['RECEIVE', 'REINVEST'] as const;
export type DistributionCourse = (typeof distributionCourseValues)[number];

/** A fund's distribution declared on a 決算日 (domain.md §9). */
export interface DeclaredDistribution {
  /** 分配金 per 10,000 units, whole yen. */
  readonly per10k: Yen;
  /** The NAV published for the 決算日, already after the distribution (分配落ち後). */
  readonly exNavPer10k: NavPer10k;
}

/** A holder of record as the distribution sees it. */
export interface DistributionHolder {
  /** Units held of record on the 決算日. */
  readonly units: Units;
  /** 個別元本 per 10,000 units before the distribution. */
  readonly basisPer10k: Yen;
  readonly accountType: AccountType;
  readonly role: AccountRoleType;
}

export interface DistributionPayout {
  /** 分配金 before tax: 普通分配金 + 元本払戻金. */
  readonly gross: Yen;
  /** 普通分配金: the taxable part. */
  readonly ordinary: Yen;
  /** 元本払戻金 (特別分配金): the customer's own principal returned, never taxed. */
  readonly principalRepayment: Yen;
  readonly tax: TaxAmounts;
  /** What the customer receives (or reinvests): gross − tax. */
  readonly net: Yen;
  /** 個別元本 after the distribution, lowered by the 元本払戻金 per 10,000 units. */
  readonly basisAfterPer10k: Yen;
}

/**
 * One holder's distribution (domain.md §6, §9): split per 10,000 units against the holder's 個別元本, each
 * part for the holder's units rounded down to the yen, tax withheld on the 普通分配金 by account type and
 * customer kind, each tax part rounded down.
 */
export function distributionPayout(
  holder: DistributionHolder,
  declared: DeclaredDistribution,
): DistributionPayout {
  const split = splitDistribution(declared.per10k, declared.exNavPer10k, holder.basisPer10k);
  const ordinary = divideFloor(holder.units * split.ordinaryPer10k, unitsPerQuote) as Yen;
  const principalRepayment = divideFloor(holder.units * split.principalRepaymentPer10k, unitsPerQuote) as Yen;
  const tax = distributionWithholding(ordinary, holder.accountType, holder.role);
  const gross = (ordinary + principalRepayment) as Yen;
  return {
    gross,
    ordinary,
    principalRepayment,
    tax,
    net: (gross - tax.incomeTax - tax.residentTax) as Yen,
    basisAfterPer10k: split.basisAfterPer10k,
  };
}

export interface Reinvestment {
  /** Units bought at the ex-NAV, rounded down. */
  readonly units: Units;
  /** What the units cost (no purchase fee): ⌈units × ex-NAV ÷ 10,000⌉, never more than the amount. */
  readonly amount: Yen;
  /** The remainder no whole unit could take, paid as cash. */
  readonly cash: Yen;
}

/** 再投資: the net distribution buys units at the 決算日's ex-NAV, fee-free; the rest is paid in cash. */
export function reinvestment(net: Yen, exNavPer10k: NavPer10k): Reinvestment {
  const units = unitsForAmount(net, exNavPer10k);
  const amount = units === 0n ? (0n as Yen) : costOfUnits(units, exNavPer10k);
  return { units, amount, cash: (net - amount) as Yen };
}
