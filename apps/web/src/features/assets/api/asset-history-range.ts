import { addCalendarDays, jstDateOf } from '@fund/domain';

/** The chart's ranges: 1か月, 3か月, 1年, 5年, 全期間. */
export const assetHistoryRanges = ['1M', '3M', '1Y', '5Y', 'ALL'] as const;
export type AssetHistoryRange = (typeof assetHistoryRanges)[number];

/** The range the screen opens with; the loader prefetches it. */
export const initialAssetHistoryRange: AssetHistoryRange = '1Y';

export const assetHistoryRangeLabels: Readonly<Record<AssetHistoryRange, string>> = {
  '1M': '1か月',
  '3M': '3か月',
  '1Y': '1年',
  '5Y': '5年',
  ALL: '全期間',
};

/**
 * Calendar days back from today per range. 全期間 asks for the longest range the server gives (ten years,
 * assets.service maxHistoryDays); the months before the first purchase are dropped where it is shown.
 */
const daysBack: Readonly<Record<AssetHistoryRange, number>> = {
  '1M': 30,
  '3M': 91,
  '1Y': 365,
  '5Y': 365 * 5 + 1,
  ALL: 365 * 10 + 2,
};

/**
 * The query of a range ending today (JST): a point per day up to 3 months, a point per month end beyond,
 * so a long range stays a few dozen points on a phone.
 */
export function assetHistoryQuery(range: AssetHistoryRange, now: Date = new Date()) {
  return {
    from: addCalendarDays(jstDateOf(now), -daysBack[range]),
    interval: range === '1M' || range === '3M' ? ('day' as const) : ('month' as const),
  };
}
