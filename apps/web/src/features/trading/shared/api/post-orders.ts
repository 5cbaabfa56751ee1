import type { BuyOrderRequest, OrderResponse, SellOrderRequest } from '@fund/contracts';
import { TradingPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeaders } from '../../../../lib/api/idempotency-key';
import { productApi } from '../../../../lib/api/services';

/**
 * `POST /v1/orders/buy` and `/sell` with the intent's Idempotency-Key. Refusals (400-2xx, 409-201) come
 * back to the screen without the generic toast, to be shown at the field or on the form.
 */
export function postBuyOrder(request: BuyOrderRequest, key: string): Promise<OrderResponse> {
  return productApi.post<OrderResponse>(TradingPath.buy, {
    body: request,
    headers: idempotencyHeaders(key),
    passThrough: 'any',
  });
}

export function postSellOrder(request: SellOrderRequest, key: string): Promise<OrderResponse> {
  return productApi.post<OrderResponse>(TradingPath.sell, {
    body: request,
    headers: idempotencyHeaders(key),
    passThrough: 'any',
  });
}

/**
 * A placed order changes the customer's money on every screen (cash, holdings, NISA room, orders), so
 * every cached answer is marked stale; the screens on display fetch again, the others when opened.
 */
function useOrderMutation<T>(place: (request: T, key: string) => Promise<OrderResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: T; key: string }) => place(request, key),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function usePlaceBuyOrder() {
  return useOrderMutation(postBuyOrder);
}

export function usePlaceSellOrder() {
  return useOrderMutation(postSellOrder);
}
