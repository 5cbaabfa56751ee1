import { isOneOf } from './enum-values.ts';

/** What the monthly batch does with a recurring-purchase schedule change (spec §3). */
export const scheduledBuyBatchFlagTypeValues = ['create', 'update', 'cancel'] as const;
export type ScheduledBuyBatchFlagType = (typeof scheduledBuyBatchFlagTypeValues)[number];
export const isScheduledBuyBatchFlagType = (value: unknown): value is ScheduledBuyBatchFlagType =>
  isOneOf(scheduledBuyBatchFlagTypeValues, value);
