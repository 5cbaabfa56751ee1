import { isoDate } from '../calendar/iso-date.ts';
import type { Yen } from '../money/money.ts';
import type { NisaInvestor } from './nisa-eligibility.ts';
import type { NisaBucket } from './nisa-limits.ts';
import { recordNisaPurchase, type NisaUsage } from './nisa-usage.ts';

/** An adult resident with a NISA account here, eligible in every year the tests use. */
export const adultInvestor: NisaInvestor = {
  role: 'ADULT',
  birthDate: isoDate('1990-05-01'),
  residentOfJapan: true,
  hasNisaAccount: true,
};

/** A usage built from `[year, bucket, amount]` purchases, for readable scenarios. */
export function usageWith(
  purchases: readonly (readonly [number, NisaBucket, number])[],
  start: NisaUsage = { purchases: [], sales: [] },
): NisaUsage {
  return purchases.reduce(
    (usage, [year, bucket, amount]) =>
      recordNisaPurchase(usage, { year, bucket, bookValue: BigInt(amount) as Yen }),
    start,
  );
}

/** Full annual use (1,200,000 つみたて + 2,400,000 成長 = 3,600,000) in each of the given years. */
export function fullYears(years: readonly number[]): (readonly [number, NisaBucket, number])[] {
  return years.flatMap((year) => [
    [year, 'tsumitate', 1_200_000] as const,
    [year, 'growth', 2_400_000] as const,
  ]);
}
