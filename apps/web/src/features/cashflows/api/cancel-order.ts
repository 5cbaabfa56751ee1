import type { OrderResponse } from '@fund/contracts';
import { fillPath, TradingPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeaders } from '../../../lib/api/idempotency-key';
import { PassThrough } from '../../../lib/api/pass-through';
import { productApi } from '../../../lib/api/services';

export interface CancelOrderArgs {
  readonly orderId: string;
  /** One key per intent: the same key when the customer retries the same cancellation. */
  readonly idempotencyKey: string;
}

/**
 * `POST /v1/orders/{orderId}/cancel`. A refusal 409-202 (priced, already cancelled, or past the 取消期限)
 * is thrown without the toast: the order card says it in place.
 */
export function cancelOrder({ orderId, idempotencyKey }: CancelOrderArgs): Promise<OrderResponse> {
  return productApi.post<OrderResponse>(fillPath(TradingPath.cancel, { orderId }), {
    headers: idempotencyHeaders(idempotencyKey),
    passThrough: PassThrough.postOrderCancel,
  });
}

/**
 * Cancels an order; afterwards (done or refused) every cached answer is stale: a cancel frees held cash,
 * units and NISA room on every screen (home's orders in progress, assets, NISA), not only this list.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries(),
  });
}
