import type { SaisonConnectPoint } from '@fund/contracts';
import { SaisonConnectPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PassThrough } from '../../../lib/api/pass-through';
import { productApi } from '../../../lib/api/services';
import { homeQueryKeys } from './home-query-keys';

/**
 * `GET /v1/cashflows/saisonConnect/point`: the point balance. Its card states (400-100…400-503) pass
 * through without a toast (spec §8): the home screen shows their own messages.
 */
export function getPoint(signal?: AbortSignal): Promise<SaisonConnectPoint> {
  return productApi.get<SaisonConnectPoint>(SaisonConnectPath.point, {
    signal,
    passThrough: PassThrough.getSaisonConnectPoint,
  });
}

export function pointQueryOptions() {
  return queryOptions({ queryKey: homeQueryKeys.point(), queryFn: ({ signal }) => getPoint(signal) });
}

export function usePoint() {
  return useQuery(pointQueryOptions());
}
