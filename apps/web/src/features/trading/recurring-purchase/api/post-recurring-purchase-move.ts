import type { RecurringPurchase } from '@fund/contracts';
import { fillPath, PlansPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeaders } from '../../../../lib/api/idempotency-key';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

export type RecurringPurchaseMove = 'suspend' | 'resume' | 'cancel';

const paths: Record<RecurringPurchaseMove, string> = {
  suspend: PlansPath.recurringPurchaseSuspend,
  resume: PlansPath.recurringPurchaseResume,
  cancel: PlansPath.recurringPurchaseCancel,
};

/**
 * `POST /v1/recurringPurchases/{id}/suspend|resume|cancel` (停止・再開・解約). The intent's key goes with
 * it; a repeat of a move the server already made answers 409 (すでに停止されています), shown in place.
 */
export function postRecurringPurchaseMove(
  id: string,
  move: RecurringPurchaseMove,
  key: string,
): Promise<RecurringPurchase> {
  return productApi.post<RecurringPurchase>(fillPath(paths[move], { id }), {
    headers: idempotencyHeaders(key),
    passThrough: 'any',
  });
}

export function useMoveRecurringPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move, key }: { id: string; move: RecurringPurchaseMove; key: string }) =>
      postRecurringPurchaseMove(id, move, key),
    // not awaited: the screen shows the answer at once, the lists catch up behind it
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tradingQueryKeys.recurringPurchases() });
    },
  });
}
