import type { Cashflows } from '@fund/contracts';
import { HistoryPath } from '@fund/contracts/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { historyPageSize, nextPageOf, periodRange, type CashflowFilter } from '../history-filters';
import { cashflowsQueryKeys } from './cashflows-query-keys';

/** `GET /v1/cashflows?type&from&to&page&pageSize`: deposits and withdrawals, newest first. */
export function getCashflows(filter: CashflowFilter, page: number, signal?: AbortSignal): Promise<Cashflows> {
  const { from, to } = periodRange(filter.period);
  return productApi.get<Cashflows>(HistoryPath.cashflows, {
    query: {
      type: filter.type === 'all' ? undefined : filter.type,
      from,
      to,
      page,
      pageSize: historyPageSize,
    },
    signal,
  });
}

/** Pages of one filter; "もっと見る" appends the next page to what is shown. */
export function cashflowsQueryOptions(filter: CashflowFilter) {
  return infiniteQueryOptions({
    queryKey: cashflowsQueryKeys.cashflows(filter),
    queryFn: ({ pageParam, signal }) => getCashflows(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Cashflows) => nextPageOf(last.paging),
  });
}

export function useCashflows(filter: CashflowFilter) {
  return useInfiniteQuery(cashflowsQueryOptions(filter));
}
