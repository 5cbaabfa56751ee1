import type { AccountType } from '../enums/account.ts';
import type { Yen } from '../money/money.ts';
import type { HoldingPosition } from '../valuation/holding-valuation.ts';

/** A 元本払戻金 (特別分配金) paid on a holding: what distributionPayout gave it. */
export interface PrincipalRepayment {
  readonly accountType: AccountType;
  /** 個別元本 per 10,000 units after the distribution. */
  readonly basisAfterPer10k: Yen;
  /** 元本払戻金 of the holding's units of record, yen. */
  readonly principalRepayment: Yen;
}

/**
 * The holding after a distribution returned part of its principal (domain.md §9): its 個別元本 falls to
 * the distribution's, and in a taxable account (特定・一般) its 簿価, the 取得価額, falls by the 元本払戻金
 * (never below 0). A NISA holding's 簿価 stays: it measures the room the purchases used, not the cost.
 * A holding sold out by then has nothing to lower. The settlement keeps it so (distribution payment) and
 * a past day's assets replay it so, and the two agree to the yen.
 */
export function applyPrincipalRepayment(
  position: HoldingPosition,
  repayment: PrincipalRepayment,
): HoldingPosition {
  if (position.units <= 0n) return position;
  const taxable = repayment.accountType === 'specific' || repayment.accountType === 'general';
  const lowered = position.bookValue - repayment.principalRepayment;
  return {
    units: position.units,
    basisPer10k: repayment.basisAfterPer10k,
    bookValue: (taxable ? (lowered < 0n ? 0n : lowered) : position.bookValue) as Yen,
  };
}
