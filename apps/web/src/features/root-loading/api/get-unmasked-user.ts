import { RootLoadingPath, type UnmaskedUser } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { PassThrough } from '../../../lib/api/pass-through';
import { accountApi } from '../../../lib/api/services';

/** `GET /v6/unmaskedUsers`: name, account role and last re-confirmation; 400-666 passes through (spec §8). */
export function getUnmaskedUser(signal?: AbortSignal): Promise<UnmaskedUser> {
  return accountApi.get<UnmaskedUser>(RootLoadingPath.unmaskedUsers, {
    silent: true,
    passThrough: PassThrough.getUnmaskedUsers,
    signal,
  });
}

export const unmaskedUserQueryKey = ['account', 'unmaskedUser'] as const;

export function unmaskedUserQueryOptions() {
  return queryOptions({ queryKey: unmaskedUserQueryKey, queryFn: ({ signal }) => getUnmaskedUser(signal) });
}
