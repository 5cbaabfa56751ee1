import type { Yen } from '../money/money.ts';

/**
 * Points of the card issuer's connected service (domain.md §4, spec §5, §9): spot purchases only, from
 * 200 points in steps of 100, 100 points = 450 yen. Their yen value reduces what the customer pays; the
 * full order amount still buys units.
 */
export const pointRules = {
  minimum: 200n,
  step: 100n,
  yenPerStep: 450n,
} as const;

export type PointPurchaseKind = 'SPOT' | 'RECURRING';

export type PointUseRefusal =
  | 'recurring-purchase'
  | 'negative'
  | 'below-minimum'
  | 'not-in-steps-of-100'
  | 'exceeds-balance'
  | 'exceeds-order-amount';

export interface PointUseRequest {
  /** Points to use; 0 means none. */
  readonly points: bigint;
  readonly purchaseKind: PointPurchaseKind;
  /** The customer's point balance at the card issuer. */
  readonly balance: bigint;
  /** The order amount the points pay part of. */
  readonly orderAmount: Yen;
}

export type PointUseCheck =
  | {
      readonly ok: true;
      /** Yen the points are worth. */
      readonly pointsValue: Yen;
      /** What is left for the customer to pay. */
      readonly amountToPay: Yen;
    }
  | { readonly ok: false; readonly reasons: readonly PointUseRefusal[] };

/** Yen value of a valid point count (a multiple of 100, so exact): points ÷ 100 × 450. */
export function pointsToYen(points: bigint): Yen {
  if (points < 0n || points % pointRules.step !== 0n) {
    throw new RangeError(`Points must be a non-negative multiple of 100, got ${points}`);
  }
  return ((points / pointRules.step) * pointRules.yenPerStep) as Yen;
}

/**
 * Checks a point use and lists every reason it is refused (a form shows them all at once). Using no
 * points is always fine. The points' value may cover the order amount but not exceed it: the excess
 * would have nothing to pay for.
 */
export function checkPointUse(request: PointUseRequest): PointUseCheck {
  const { points } = request;
  if (points === 0n) return { ok: true, pointsValue: 0n as Yen, amountToPay: request.orderAmount };
  const reasons: PointUseRefusal[] = [];
  if (request.purchaseKind === 'RECURRING') reasons.push('recurring-purchase');
  if (points < 0n) {
    reasons.push('negative');
    return { ok: false, reasons };
  }
  if (points < pointRules.minimum) reasons.push('below-minimum');
  if (points % pointRules.step !== 0n) reasons.push('not-in-steps-of-100');
  if (points > request.balance) reasons.push('exceeds-balance');
  const value = (points / pointRules.step) * pointRules.yenPerStep;
  if (points % pointRules.step === 0n && value > request.orderAmount) reasons.push('exceeds-order-amount');
  if (reasons.length > 0) return { ok: false, reasons };
  return { ok: true, pointsValue: value as Yen, amountToPay: (request.orderAmount - value) as Yen };
}

/**
 * Points earned on a card 積立 charge (decision 018): 0.5 % of the charged yen, rounded down, so 20,000 yen
 * earns 100 points and anything under 200 yen none. Only a linked points-earning card earns, and only a
 * charge that went through (the batch's recurring-debits step).
 */
export const cardChargePointRate = { numerator: 5n, denominator: 1000n } as const;

export function pointsEarnedOnCardCharge(chargedYen: bigint): bigint {
  if (chargedYen <= 0n) return 0n;
  return (chargedYen * cardChargePointRate.numerator) / cardChargePointRate.denominator;
}
