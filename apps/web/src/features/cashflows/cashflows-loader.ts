import type { PageLoadArgs } from '../../lib/routing/page-module';
import { cashflowsQueryOptions } from './api/get-cashflows';
import { ordersQueryOptions } from './api/get-orders';
import { tradesQueryOptions } from './api/get-trades';
import { historyViewOf } from './history-filters';

/**
 * What the /cashflows route loads (decision 012): the first page of the open tab with its filter, awaited
 * so the tab paints complete. Runs again when the address's tab or filter changes, so the old list stays
 * (with the progress bar) until the new one is there.
 */
export async function loadCashflowsPage({ queryClient, url }: PageLoadArgs): Promise<unknown> {
  const view = historyViewOf(url.searchParams);
  switch (view.tab) {
    case 'cashflows':
      return queryClient.ensureInfiniteQueryData(cashflowsQueryOptions(view.cashflows));
    case 'trades':
      return queryClient.ensureInfiniteQueryData(tradesQueryOptions(view.trades));
    case 'orders':
      return queryClient.ensureInfiniteQueryData(ordersQueryOptions(view.orders));
  }
}
