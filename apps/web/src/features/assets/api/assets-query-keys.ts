import type { AssetHistoryRange } from './asset-history-range';

/**
 * The assets feature's query keys (decision 012): /assets, /assets/nisaBalance and /assets/totalReturn. Invalidating `all`
 * refreshes every figure of the feature (e.g. after an order).
 */
export const assetsQueryKeys = {
  all: ['assets'] as const,
  /** `GET /v1/assets/history` over one of the chart's ranges. */
  history: (range: AssetHistoryRange) => [...assetsQueryKeys.all, 'history', range] as const,
  /** NISA use of a year; `'current'` is the year of the server's business clock. */
  nisaStatus: (year: number | 'current') => [...assetsQueryKeys.all, 'nisaStatus', year] as const,
  /** `GET /v1/totalReturns`. */
  totalReturns: ['assets', 'totalReturns'] as const,
  /** `GET /v1/distributionCourses`: each holding's course and distributions. */
  distributionCourses: ['assets', 'distributionCourses'] as const,
};
