import type { PageLoad } from '../../lib/routing/page-module';
import { assetsQueryOptions } from './api/get-assets';
import { importantNoticesQueryOptions } from './api/get-important-notices';
import { ordersInProgressQueryOptions } from './api/get-orders-in-progress';
import { pointQueryOptions } from './api/get-point';
import { recurringPurchasesQueryOptions } from './api/get-recurring-purchases';

/** ホーム's calls, started with the navigation (decision 012). */
export const loadHomePage: PageLoad = async ({ queryClient }) => {
  // below the fold: each card shows its skeleton until its answer comes
  void queryClient.prefetchQuery(pointQueryOptions());
  void queryClient.prefetchQuery(importantNoticesQueryOptions());
  void queryClient.prefetchQuery(recurringPurchasesQueryOptions());
  void queryClient.prefetchQuery(ordersInProgressQueryOptions());
  // the first paint needs the total; a failure stays in the query and the card offers a retry
  await queryClient.prefetchQuery(assetsQueryOptions());
};
