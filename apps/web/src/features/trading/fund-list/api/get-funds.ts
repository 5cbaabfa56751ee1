import type { FundsResponse } from '@fund/contracts';
import { FundsPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/** `GET /v1/funds`: the funds on the list, with the latest NAV, day change, risk and NISA eligibility. */
export function getFunds(signal?: AbortSignal): Promise<FundsResponse> {
  return productApi.get<FundsResponse>(FundsPath.funds, { signal });
}

export function fundsQueryOptions() {
  return queryOptions({ queryKey: tradingQueryKeys.funds(), queryFn: ({ signal }) => getFunds(signal) });
}

export function useFunds() {
  return useQuery(fundsQueryOptions());
}
