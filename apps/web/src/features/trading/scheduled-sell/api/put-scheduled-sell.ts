import type { ScheduledSell, UpdateScheduledSellBody } from '@fund/contracts';
import { fillPath, PlansPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/**
 * `PUT /v1/scheduledSells/{id}`: changes the type and figure and/or the frequency, at once. The same body
 * sent twice leaves the same instruction, so a retry needs no key; refusals come back to the form.
 */
export function putScheduledSell(id: string, body: UpdateScheduledSellBody): Promise<ScheduledSell> {
  return productApi.put<ScheduledSell>(fillPath(PlansPath.scheduledSell, { id }), {
    body,
    passThrough: 'any',
  });
}

export function useChangeScheduledSell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateScheduledSellBody }) => putScheduledSell(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingQueryKeys.scheduledSells() }),
  });
}
