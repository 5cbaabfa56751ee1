import type { NisaStatusByYear } from '@fund/contracts';
import { HistoryPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api/api-client';
import { PassThrough } from '../../../../lib/api/pass-through';
import { accountApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/**
 * `GET /v6/nisaStatusByYear` (this year on the server's clock): the room left in each 枠, shown beside a
 * NISA 積立. A customer without a NISA account (400-666, spec §8 pass-through list) gets null.
 */
export async function getNisaRoomForRecurringPurchase(
  signal?: AbortSignal,
): Promise<NisaStatusByYear | null> {
  try {
    return await accountApi.get<NisaStatusByYear>(HistoryPath.nisaStatusByYear, {
      passThrough: PassThrough.getNisaStatusByYear,
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === '400-666') return null;
    throw error;
  }
}

export function nisaRoomForRecurringPurchaseQueryOptions() {
  return queryOptions({
    queryKey: [...tradingQueryKeys.plans(), 'nisaRoom'] as const,
    queryFn: ({ signal }) => getNisaRoomForRecurringPurchase(signal),
  });
}

export function useNisaRoomForRecurringPurchase(enabled: boolean) {
  return useQuery({ ...nisaRoomForRecurringPurchaseQueryOptions(), enabled });
}
