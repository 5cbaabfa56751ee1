import { isOneOf } from './enum-values.ts';

/** 定期売却 by fixed amount (定額), fixed units (定口) or fixed rate of the units held (定率) (spec §3). */
export const scheduledSellTypeValues = ['AMOUNT', 'QUANTITY', 'RATE'] as const;
export type ScheduledSellType = (typeof scheduledSellTypeValues)[number];
export const isScheduledSellType = (value: unknown): value is ScheduledSellType =>
  isOneOf(scheduledSellTypeValues, value);

/** Every month, or every other month in the odd months (1, 3, 5, 7, 9, 11). */
export const scheduledSellFrequencyTypeValues = ['MONTHLY', 'ODD_MONTHLY'] as const;
export type ScheduledSellFrequencyType = (typeof scheduledSellFrequencyTypeValues)[number];
export const isScheduledSellFrequencyType = (value: unknown): value is ScheduledSellFrequencyType =>
  isOneOf(scheduledSellFrequencyTypeValues, value);

/** Status of a scheduled sell; the allowed moves are in `status/scheduled-sell-status.ts`. */
export const scheduledSellStatusTypeValues = ['ACTIVE', 'SUSPENDED', 'CANCELED'] as const;
export type ScheduledSellStatusType = (typeof scheduledSellStatusTypeValues)[number];
export const isScheduledSellStatusType = (value: unknown): value is ScheduledSellStatusType =>
  isOneOf(scheduledSellStatusTypeValues, value);
