import type { OrderResponse } from '@fund/contracts';
import { fillPath, TradingPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/** `GET /v1/orders/{orderId}`: the buy just placed, for its completion view (also after a reload). */
export function placedBuyOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...tradingQueryKeys.all, 'placedBuyOrder', orderId] as const,
    queryFn: ({ signal }) =>
      productApi.get<OrderResponse>(fillPath(TradingPath.order, { orderId }), { signal }),
  });
}

export function usePlacedBuyOrder(orderId: string) {
  return useQuery(placedBuyOrderQueryOptions(orderId));
}
