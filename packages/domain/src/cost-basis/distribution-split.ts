import type { NavPer10k, Yen } from '../money/money.ts';

export interface DistributionSplit {
  /** 普通分配金 per 10,000 units: the taxable part. */
  readonly ordinaryPer10k: Yen;
  /** 元本払戻金 (特別分配金) per 10,000 units: a return of the customer's own principal, not taxed. */
  readonly principalRepaymentPer10k: Yen;
  /** 個別元本 after the distribution, lowered by the principal repayment. */
  readonly basisAfterPer10k: Yen;
}

/**
 * Splits a distribution per 10,000 units against the customer's 個別元本 (domain.md §6): as far as the
 * NAV after the distribution (分配落ち後の基準価額) is at or above 個別元本, the distribution is profit
 * (普通分配金); the part that takes the NAV below 個別元本 repays principal (元本払戻金) and lowers
 * 個別元本 by the same amount. All whole yen, so no rounding.
 */
export function splitDistribution(
  distributionPer10k: Yen,
  navAfterPer10k: NavPer10k,
  basisPer10k: Yen,
): DistributionSplit {
  if (distributionPer10k < 0n)
    throw new RangeError(`Distribution must not be negative, got ${distributionPer10k}`);
  const shortfall = basisPer10k - navAfterPer10k;
  const repayment = shortfall <= 0n ? 0n : shortfall < distributionPer10k ? shortfall : distributionPer10k;
  return {
    ordinaryPer10k: (distributionPer10k - repayment) as Yen,
    principalRepaymentPer10k: repayment as Yen,
    basisAfterPer10k: (basisPer10k - repayment) as Yen,
  };
}
