import { RootLoadingPath, type LastLogIn } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { PassThrough } from '../../../lib/api/pass-through';
import { productApi } from '../../../lib/api/services';

/** `GET /v1/lastLogIn`: the sign-in before this one; 400-000 passes through (spec §8). */
export function getLastLogIn(signal?: AbortSignal): Promise<LastLogIn> {
  return productApi.get<LastLogIn>(RootLoadingPath.lastLogIn, {
    silent: true,
    passThrough: PassThrough.getLastLogIn,
    signal,
  });
}

export const lastLogInQueryKey = ['account', 'lastLogIn'] as const;

export function lastLogInQueryOptions() {
  return queryOptions({ queryKey: lastLogInQueryKey, queryFn: ({ signal }) => getLastLogIn(signal) });
}
