import { minYen, type Yen } from '../money/money.ts';
import type { NisaBucket } from './nisa-limits.ts';

/**
 * One year's NISA standing as the per-year status reports it (`/v6/nisaStatusByYear?year=`): the room
 * each limit leaves for a purchase settling in that year. Annual rooms already count pending orders
 * (they hold limit from the moment they are placed); the lifetime rooms count 簿価 held, with the book
 * value sold in earlier years given back (domain.md §5).
 */
export interface NisaYearStanding {
  readonly year: number;
  /** つみたて投資枠: 1,200,000 − used (by 受渡日 year). */
  readonly tsumitateAnnualRoom: Yen;
  /** 成長投資枠: 2,400,000 − used (by 受渡日 year). */
  readonly growthAnnualRoom: Yen;
  /** 18,000,000 − lifetime 簿価 used. */
  readonly lifetimeRoom: Yen;
  /** 12,000,000 − growth 簿価 used. */
  readonly growthLifetimeRoom: Yen;
  /** 簿価 sold in `year`: it gives lifetime room back from 1 January of the next year. */
  readonly freedFromNextYear: Yen;
}

/** Which limit stops a bucket first. */
export type NisaBindingLimit = 'annual' | 'growthLifetime' | 'lifetime';

export interface NisaBucketPlan {
  /** What can still be bought in the bucket, settling in the year. */
  readonly amount: Yen;
  readonly limitedBy: NisaBindingLimit;
}

export interface NisaYearPlan {
  readonly year: number;
  readonly tsumitate: NisaBucketPlan;
  readonly growth: NisaBucketPlan;
  /**
   * Both buckets together: they share the lifetime room, so the sum of the two can be less than
   * tsumitate + growth.
   */
  readonly total: Yen;
}

export interface NisaInvestmentPlan {
  /** Purchases settling (受渡日) this year. */
  readonly thisYear: NisaYearPlan;
  /** Purchases settling from 1 January next year, if nothing more settles this year. */
  readonly nextYear: NisaYearPlan;
  /** 簿価 sold this year that is given back to the lifetime limit on 1 January. */
  readonly revivesInJanuary: Yen;
}

function bucketPlan(bucket: NisaBucket, standing: NisaYearStanding): NisaBucketPlan {
  let plan: NisaBucketPlan =
    bucket === 'tsumitate'
      ? { amount: standing.tsumitateAnnualRoom, limitedBy: 'annual' }
      : { amount: standing.growthAnnualRoom, limitedBy: 'annual' };
  // growth is bounded by its own 12,000,000 lifetime room before the shared 18,000,000
  if (bucket === 'growth' && standing.growthLifetimeRoom < plan.amount)
    plan = { amount: standing.growthLifetimeRoom, limitedBy: 'growthLifetime' };
  if (standing.lifetimeRoom < plan.amount) plan = { amount: standing.lifetimeRoom, limitedBy: 'lifetime' };
  return plan;
}

function yearPlan(standing: NisaYearStanding): NisaYearPlan {
  const tsumitate = bucketPlan('tsumitate', standing);
  const growth = bucketPlan('growth', standing);
  return {
    year: standing.year,
    tsumitate,
    growth,
    total: minYen((tsumitate.amount + growth.amount) as Yen, standing.lifetimeRoom),
  };
}

/**
 * "How much can I still invest in NISA this year, and from January?" per bucket (domain.md §5): this
 * year = the bucket's annual room, bounded by the lifetime rooms (growth also by its 12,000,000); from
 * 1 January = next year's annual room (a fresh 1,200,000 / 2,400,000 less orders already settling next
 * year) bounded by next year's lifetime room, which already gives back this year's sales. Both answers
 * come from the per-year status of this year and of the next.
 */
export function planNisaInvestment(
  thisYear: NisaYearStanding,
  nextYear: NisaYearStanding,
): NisaInvestmentPlan {
  if (nextYear.year !== thisYear.year + 1) {
    throw new RangeError(`Next year must be ${thisYear.year + 1}, got ${nextYear.year}`);
  }
  return {
    thisYear: yearPlan(thisYear),
    nextYear: yearPlan(nextYear),
    revivesInJanuary: thisYear.freedFromNextYear,
  };
}
