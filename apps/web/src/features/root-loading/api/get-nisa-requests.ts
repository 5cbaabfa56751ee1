import { RootLoadingPath, type NisaRequests } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { PassThrough } from '../../../lib/api/pass-through';
import { accountApi } from '../../../lib/api/services';

/** `GET /v6/nisaRequests`: NISA applications under review; 400-000 passes through (spec §8). */
export function getNisaRequests(signal?: AbortSignal): Promise<NisaRequests> {
  return accountApi.get<NisaRequests>(RootLoadingPath.nisaRequests, {
    silent: true,
    passThrough: PassThrough.getNisaRequests,
    signal,
  });
}

export const nisaRequestsQueryKey = ['account', 'nisaRequests'] as const;

export function nisaRequestsQueryOptions() {
  return queryOptions({ queryKey: nisaRequestsQueryKey, queryFn: ({ signal }) => getNisaRequests(signal) });
}
