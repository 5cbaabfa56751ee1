import type { NavsResponse } from '@fund/contracts';
import { fillPath, FundsPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/** `GET /v1/funds/{code}/navs?from&to`: 基準価額 and 解約価額 per day (at most maxNavRangeDays). */
export function getNavs(code: string, from: string, to: string, signal?: AbortSignal): Promise<NavsResponse> {
  return productApi.get<NavsResponse>(fillPath(FundsPath.navs, { code }), { query: { from, to }, signal });
}

export function navsQueryOptions(code: string, from: string, to: string) {
  return queryOptions({
    queryKey: tradingQueryKeys.navs(code, from, to),
    queryFn: ({ signal }) => getNavs(code, from, to, signal),
    // a day's prices never change once published
    staleTime: 10 * 60_000,
  });
}

export function useNavs(code: string, from: string, to: string) {
  return useQuery(navsQueryOptions(code, from, to));
}
