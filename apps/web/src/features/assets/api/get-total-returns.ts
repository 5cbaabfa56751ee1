import type { TotalReturns } from '@fund/contracts';
import { FundLifePath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { assetsQueryKeys } from './assets-query-keys';

/** `GET /v1/totalReturns`: トータルリターン of every fund the customer has held, and the total. */
export function totalReturnsQueryOptions() {
  return queryOptions({
    queryKey: assetsQueryKeys.totalReturns,
    queryFn: ({ signal }) => productApi.get<TotalReturns>(FundLifePath.totalReturns, { signal }),
  });
}

export function useTotalReturns() {
  return useQuery(totalReturnsQueryOptions());
}
