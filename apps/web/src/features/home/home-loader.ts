import type { PageLoad } from '../../lib/routing/page-module';
import { valuationQueryOptions } from '../../lib/valuation/valuation-query';
import { importantNoticesQueryOptions } from './api/get-important-notices';
import { ordersInProgressQueryOptions } from './api/get-orders-in-progress';
import { pointQueryOptions } from './api/get-point';
import { recurringPurchasesQueryOptions } from './api/get-recurring-purchases';

/**
 * ホーム's calls, started with the navigation (decision 012) and awaited together: the cards fill a phone's
 * first screen, so it paints once, whole, instead of growing card by card (decision 030). prefetchQuery
 * never throws: a failure stays in its query and the card offers a retry.
 */
export const loadHomePage: PageLoad = async ({ queryClient }) => {
  await Promise.all([
    queryClient.prefetchQuery(valuationQueryOptions()),
    queryClient.prefetchQuery(ordersInProgressQueryOptions()),
    queryClient.prefetchQuery(recurringPurchasesQueryOptions()),
    queryClient.prefetchQuery(pointQueryOptions()),
    queryClient.prefetchQuery(importantNoticesQueryOptions()),
  ]);
};
