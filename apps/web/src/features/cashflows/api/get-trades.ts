import type { Trades } from '@fund/contracts';
import { HistoryPath } from '@fund/contracts/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { historyPageSize, nextPageOf, periodRange, type TradeFilter } from '../history-filters';
import { cashflowsQueryKeys } from './cashflows-query-keys';

/** `GET /v1/trades?type&from&to&page&pageSize`: trades by 受渡日 (the period applies to it), newest first. */
export function getTrades(filter: TradeFilter, page: number, signal?: AbortSignal): Promise<Trades> {
  const { from, to } = periodRange(filter.period);
  return productApi.get<Trades>(HistoryPath.trades, {
    query: { type: filter.type, from, to, page, pageSize: historyPageSize },
    signal,
  });
}

export function tradesQueryOptions(filter: TradeFilter) {
  return infiniteQueryOptions({
    queryKey: cashflowsQueryKeys.trades(filter),
    queryFn: ({ pageParam, signal }) => getTrades(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Trades) => nextPageOf(last.paging),
  });
}

export function useTrades(filter: TradeFilter) {
  return useInfiniteQuery(tradesQueryOptions(filter));
}
