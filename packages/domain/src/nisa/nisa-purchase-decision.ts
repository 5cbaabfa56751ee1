import { yearOf, type IsoDate } from '../calendar/iso-date.ts';
import type { Yen } from '../money/money.ts';
import { nisaEligibility, type NisaEligibilityRefusal, type NisaInvestor } from './nisa-eligibility.ts';
import { nisaLimits, type NisaBucket } from './nisa-limits.ts';
import { nisaRoom, type NisaUsage } from './nisa-usage.ts';

export type NisaPurchaseKind = 'SPOT' | 'RECURRING';

export interface NisaPurchaseRequest {
  readonly bucket: NisaBucket;
  /** Spot purchase, or one month's purchase of a recurring plan (積立). */
  readonly kind: NisaPurchaseKind;
  /** The fund meets the つみたて投資枠 criteria (長期・積立・分散投資に適した一定の投資信託). */
  readonly fundTsumitateEligible: boolean;
  /** Purchase amount = the book value the purchase adds. */
  readonly amount: Yen;
  /** 受渡日: decides the year whose limits are used. */
  readonly settlementDate: IsoDate;
}

export type NisaLimitRefusal = 'annual-limit' | 'growth-lifetime-limit' | 'lifetime-limit';

export type NisaPurchaseRefusal =
  | NisaEligibilityRefusal
  | 'before-2024-nisa'
  | 'tsumitate-recurring-only'
  | 'fund-not-tsumitate-eligible'
  | 'invalid-amount'
  | NisaLimitRefusal;

export type NisaPurchaseDecision =
  | { readonly allowed: true; readonly bucket: NisaBucket; readonly year: number }
  | {
      readonly allowed: false;
      readonly reason: NisaPurchaseRefusal;
      /** For a limit refusal: the room that was left under that limit. */
      readonly room?: Yen;
    };

/**
 * Whether a NISA purchase may go ahead (domain.md §5). Checked in this order, the first failure being
 * the reason: the customer's eligibility for the 受渡日 year; the bucket (つみたて投資枠 takes only
 * recurring purchases of eligible funds, so spot NISA purchases belong in 成長投資枠); then the limits in
 * the legal order — the bucket's annual limit for the 受渡日 year, growth ≤ 12,000,000 簿価, total
 * ≤ 18,000,000 簿価. An allowed purchase is then recorded with `recordNisaPurchase`.
 */
export function decideNisaPurchase(
  investor: NisaInvestor,
  request: NisaPurchaseRequest,
  usage: NisaUsage,
): NisaPurchaseDecision {
  const year = yearOf(request.settlementDate);
  if (year < nisaLimits.firstYear) return { allowed: false, reason: 'before-2024-nisa' };
  const eligibility = nisaEligibility(investor, year);
  if (!eligibility.ok) return { allowed: false, reason: eligibility.reason };
  if (request.bucket === 'tsumitate') {
    if (request.kind !== 'RECURRING') return { allowed: false, reason: 'tsumitate-recurring-only' };
    if (!request.fundTsumitateEligible) return { allowed: false, reason: 'fund-not-tsumitate-eligible' };
  }
  if (request.amount <= 0n) return { allowed: false, reason: 'invalid-amount' };

  const room = nisaRoom(usage, year);
  const annualRoom = request.bucket === 'tsumitate' ? room.tsumitateAnnual : room.growthAnnual;
  if (request.amount > annualRoom) return { allowed: false, reason: 'annual-limit', room: annualRoom };
  if (request.bucket === 'growth' && request.amount > room.growthLifetime) {
    return { allowed: false, reason: 'growth-lifetime-limit', room: room.growthLifetime };
  }
  if (request.amount > room.lifetime)
    return { allowed: false, reason: 'lifetime-limit', room: room.lifetime };
  return { allowed: true, bucket: request.bucket, year };
}
