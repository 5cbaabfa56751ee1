import type { ScheduledSell } from '@fund/contracts';
import { fillPath, PlansPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/** 停止 (suspend), 再開 (resume) and 解約 (cancel, final) of a 定期売却. */
export type ScheduledSellMove = 'suspend' | 'resume' | 'cancel';

const paths: Record<ScheduledSellMove, string> = {
  suspend: PlansPath.scheduledSellSuspend,
  resume: PlansPath.scheduledSellResume,
  cancel: PlansPath.scheduledSellCancel,
};

/**
 * `POST /v1/scheduledSells/{id}/suspend|resume|cancel`. A move is a state change: sent twice, the second
 * answers 409 (「すでに停止されています」) and changes nothing, so it needs no key; refusals come back to the
 * screen, not as a toast.
 */
export function postScheduledSellMove(id: string, move: ScheduledSellMove): Promise<ScheduledSell> {
  return productApi.post<ScheduledSell>(fillPath(paths[move], { id }), { passThrough: 'any' });
}

export function useMoveScheduledSell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move }: { id: string; move: ScheduledSellMove }) => postScheduledSellMove(id, move),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingQueryKeys.scheduledSells() }),
  });
}
