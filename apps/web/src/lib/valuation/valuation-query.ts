import type { Assets } from '@fund/contracts';
import { AssetsPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../api/services';

/**
 * `GET /v1/assets`: the customer's valuation at the 解約価額 of a reference date (today when absent), with
 * pending sells already deducted, お預り金 and 受渡待ち. Home, assets, NISA, buy and sell all read it: one
 * query under one key, so moving between those screens makes one call, and each screen `select`s its part.
 */
export function valuationQueryOptions(date?: string) {
  return queryOptions({
    queryKey: ['valuation', date ?? 'today'] as const,
    queryFn: ({ signal }) => productApi.get<Assets>(AssetsPath.assets, { query: { date }, signal }),
  });
}

export function useValuation(date?: string) {
  return useQuery(valuationQueryOptions(date));
}
