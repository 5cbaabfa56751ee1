import type { SaisonConnectPoint } from '@fund/contracts';
import { SaisonConnectPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api/api-client';
import { PassThrough } from '../../../../lib/api/pass-through';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/**
 * Whether a credit card is on file for card 積立: the point call answers 400-100 when no card is set
 * (spec §8); any balance or other card state (re-registration for points, not a points card) still means a
 * card is there. The points themselves are never used for 積立 (spec §5). 400-503: the card service is
 * under maintenance, so whether a card is on file cannot be told now.
 */
export type CardOnFile = 'card' | 'no-card' | 'unknown';

export async function getCardForRecurringPurchase(signal?: AbortSignal): Promise<CardOnFile> {
  try {
    await productApi.get<SaisonConnectPoint>(SaisonConnectPath.point, {
      signal,
      passThrough: PassThrough.getSaisonConnectPoint,
    });
    return 'card';
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === '400-100') return 'no-card';
      if (error.code === '400-503') return 'unknown';
      if (error.code.startsWith('400-10')) return 'card';
    }
    throw error;
  }
}

export function cardForRecurringPurchaseQueryOptions() {
  return queryOptions({
    queryKey: [...tradingQueryKeys.plans(), 'cardOnFile'] as const,
    queryFn: ({ signal }) => getCardForRecurringPurchase(signal),
  });
}

export function useCardForRecurringPurchase() {
  return useQuery(cardForRecurringPurchaseQueryOptions());
}
