import type { NisaStatusByYear } from '@fund/contracts';
import { yen, type NisaYearStanding } from '@fund/domain';

/** The per-year status of the API as the planner's rooms (decimal strings to yen, no float). */
export function nisaStandingOf(status: NisaStatusByYear): NisaYearStanding {
  return {
    year: status.year,
    tsumitateAnnualRoom: yen(status.tsumitate.remaining),
    growthAnnualRoom: yen(status.growth.remaining),
    lifetimeRoom: yen(status.lifetime.remaining),
    growthLifetimeRoom: yen(status.lifetime.growthRemaining),
    freedFromNextYear: yen(status.lifetime.freedFromNextYear),
  };
}
