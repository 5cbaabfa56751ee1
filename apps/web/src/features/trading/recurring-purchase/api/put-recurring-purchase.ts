import type { RecurringPurchase, UpdateRecurringPurchaseBody } from '@fund/contracts';
import { fillPath, PlansPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/**
 * `PUT /v1/recurringPurchases/{id}`: new amount, bonus or payment method, kept as the plan's pending change
 * (batch flag `update`) until the month it applies from. Sending the same change again changes nothing,
 * so a retry is safe without a key.
 */
export function putRecurringPurchase(
  id: string,
  body: UpdateRecurringPurchaseBody,
): Promise<RecurringPurchase> {
  return productApi.put<RecurringPurchase>(fillPath(PlansPath.recurringPurchase, { id }), {
    body,
    passThrough: 'any',
  });
}

export function useUpdateRecurringPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateRecurringPurchaseBody }) =>
      putRecurringPurchase(id, body),
    // not awaited: the screen shows the answer at once, the lists catch up behind it
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tradingQueryKeys.recurringPurchases() });
    },
  });
}
