import { RootLoadingPath, type UpdateAccountRequests } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { PassThrough } from '../../../lib/api/pass-through';
import { accountApi } from '../../../lib/api/services';

/** `GET /v6/updateAccountRequests`: the pending account-update request, if any; 400-000 passes through (spec §8). */
export function getUpdateAccountRequests(signal?: AbortSignal): Promise<UpdateAccountRequests> {
  return accountApi.get<UpdateAccountRequests>(RootLoadingPath.updateAccountRequests, {
    silent: true,
    passThrough: PassThrough.getUpdateAccountRequests,
    signal,
  });
}

export const updateAccountRequestsQueryKey = ['account', 'updateAccountRequests'] as const;

export function updateAccountRequestsQueryOptions() {
  return queryOptions({
    queryKey: updateAccountRequestsQueryKey,
    queryFn: ({ signal }) => getUpdateAccountRequests(signal),
  });
}
