import type { PageLoad } from '../../../lib/routing/page-module';
import { fundQueryOptions } from '../shared/api/get-fund';
import { scheduledSellsQueryOptions } from '../shared/api/get-plans';
import { sellHoldingsQueryOptions } from './api/get-sell-holdings';

/**
 * `/trading/sell/:code` (decision 012): the holdings and the fund are the first paint; the 定期売却 list
 * below the fold is only started (its section shows a skeleton). A failed call is not thrown: the page
 * shows it in place with a retry.
 */
export const loadSellPage: PageLoad = async ({ queryClient, params }) => {
  const code = params.code ?? '';
  void queryClient.prefetchQuery(scheduledSellsQueryOptions());
  await Promise.all([
    queryClient.prefetchQuery(sellHoldingsQueryOptions()),
    queryClient.prefetchQuery(fundQueryOptions(code)),
  ]);
};
