import type { CreateRecurringPurchaseBody, RecurringPurchase } from '@fund/contracts';
import { PlansPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeaders } from '../../../../lib/api/idempotency-key';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/**
 * `POST /v1/recurringPurchases` with the intent's Idempotency-Key: the same key answers the same plan,
 * however often it is sent. Refusals come back to the confirm screen without the toast.
 */
export function postRecurringPurchase(
  body: CreateRecurringPurchaseBody,
  key: string,
): Promise<RecurringPurchase> {
  return productApi.post<RecurringPurchase>(PlansPath.recurringPurchases, {
    body,
    headers: idempotencyHeaders(key),
    passThrough: 'any',
  });
}

export function useCreateRecurringPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateRecurringPurchaseBody; key: string }) =>
      postRecurringPurchase(body, key),
    // not awaited: the screen shows the answer at once, the lists catch up behind it
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tradingQueryKeys.recurringPurchases() });
    },
  });
}
