import type { SaisonConnectPoint } from '@fund/contracts';
import { SaisonConnectPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PassThrough } from '../../../../lib/api/pass-through';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/**
 * `GET /v1/cashflows/saisonConnect/point`: the points a spot buy may use. The card states (400-100 …
 * 400-503) pass through without a toast (spec §8): the buy shows their own message and button.
 */
export function buyPointQueryOptions() {
  return queryOptions({
    queryKey: [...tradingQueryKeys.all, 'buyPoint'] as const,
    queryFn: ({ signal }) =>
      productApi.get<SaisonConnectPoint>(SaisonConnectPath.point, {
        signal,
        passThrough: PassThrough.getSaisonConnectPoint,
      }),
  });
}

export function useBuyPoint() {
  return useQuery(buyPointQueryOptions());
}
