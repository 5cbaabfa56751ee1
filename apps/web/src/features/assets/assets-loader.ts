import { distributionCoursesQueryOptions } from './api/distribution-courses';
import type { PageLoad } from '../../lib/routing/page-module';
import { assetHistoryQueryOptions } from './api/get-asset-history';
import { valuationQueryOptions } from '../../lib/valuation/valuation-query';
import { initialAssetHistoryRange } from './api/asset-history-range';

/** 資産状況's calls, started with the navigation beside the page's chunk (decision 012). */
export const loadAssetsPage: PageLoad = async ({ queryClient }) => {
  // below the fold: the history shows a skeleton until it arrives
  void queryClient.prefetchQuery(assetHistoryQueryOptions(initialAssetHistoryRange));
  // the first paint needs the holdings, and their distributions (asked beside them: a section appearing
  // later inside each holding would move the screen under the reader)
  await Promise.all([
    queryClient.ensureQueryData(valuationQueryOptions()),
    queryClient.ensureQueryData(distributionCoursesQueryOptions()).catch(() => undefined),
  ]);
};
