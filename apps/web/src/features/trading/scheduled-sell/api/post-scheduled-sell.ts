import type { CreateScheduledSellBody, ScheduledSell } from '@fund/contracts';
import { PlansPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeaders } from '../../../../lib/api/idempotency-key';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/**
 * `POST /v1/scheduledSells` with the intent's Idempotency-Key: sets up a 定期売却. Refusals (400 not a
 * specific-account holding or a corporation, 409 one already set) come back to the form, not as a toast.
 */
export function postScheduledSell(body: CreateScheduledSellBody, key: string): Promise<ScheduledSell> {
  return productApi.post<ScheduledSell>(PlansPath.scheduledSells, {
    body,
    headers: idempotencyHeaders(key),
    passThrough: 'any',
  });
}

export function useCreateScheduledSell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateScheduledSellBody; key: string }) =>
      postScheduledSell(body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingQueryKeys.scheduledSells() }),
  });
}
