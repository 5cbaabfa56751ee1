import type { WholeNumber } from '@fund/domain';

/** What 前日比 % is measured against: the previous day's value of the same units (value − 前日比). */
export function previousValueOf(value: WholeNumber, dayChange: WholeNumber): bigint {
  return BigInt(value) - BigInt(dayChange);
}
