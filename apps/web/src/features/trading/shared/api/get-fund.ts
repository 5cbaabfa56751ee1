import type { FundDetail } from '@fund/contracts';
import { fillPath, FundsPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from './trading-query-keys';

/** `GET /v1/funds/{code}`: one fund with its current prospectus and whether the customer confirmed it. */
export function getFund(code: string, signal?: AbortSignal): Promise<FundDetail> {
  return productApi.get<FundDetail>(fillPath(FundsPath.fund, { code }), { signal });
}

export function fundQueryOptions(code: string) {
  return queryOptions({
    queryKey: tradingQueryKeys.fund(code),
    queryFn: ({ signal }) => getFund(code, signal),
  });
}

export function useFund(code: string) {
  return useQuery(fundQueryOptions(code));
}
