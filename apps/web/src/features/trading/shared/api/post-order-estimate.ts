import type { OrderEstimate, OrderEstimateRequest } from '@fund/contracts';
import { TradingPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from './trading-query-keys';

/**
 * `POST /v1/orders/estimate`: a buy or a sell as it would be placed now (blind pricing: an estimate at
 * the latest price), with its dates, NISA and tax effect. Nothing is written, so it is read as a query
 * keyed by the request; its refusals are the order's (400-2xx), shown by the screen, not as a toast.
 */
export function postOrderEstimate(
  request: OrderEstimateRequest,
  signal?: AbortSignal,
): Promise<OrderEstimate> {
  return productApi.post<OrderEstimate>(TradingPath.estimate, { body: request, passThrough: 'any', signal });
}

export function orderEstimateQueryOptions(request: OrderEstimateRequest) {
  return queryOptions({
    queryKey: tradingQueryKeys.estimate(request),
    queryFn: ({ signal }) => postOrderEstimate(request, signal),
  });
}

export function useOrderEstimate(request: OrderEstimateRequest | null) {
  return useQuery({
    ...orderEstimateQueryOptions(request ?? ({} as OrderEstimateRequest)),
    enabled: request !== null,
  });
}
