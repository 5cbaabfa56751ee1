import type { LastLogIn } from '@fund/contracts';
import { RootLoadingPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PassThrough } from '../../../lib/api/pass-through';
import { productApi } from '../../../lib/api/services';

/**
 * `GET /v1/lastLogIn`: the sign-in before this one; 400-000 passes through (spec §8), shown as "no record".
 * Silent like every block of my page: the block says itself what it could not show.
 */
export function getLastLogIn(signal?: AbortSignal): Promise<LastLogIn> {
  return productApi.get<LastLogIn>(RootLoadingPath.lastLogIn, {
    silent: true,
    passThrough: PassThrough.getLastLogIn,
    signal,
  });
}

/**
 * The root loading prefetches this call for later screens under this key (features/root-loading); sharing it
 * lets my page paint from that answer instead of asking again.
 */
const lastLogInQueryKey = ['account', 'lastLogIn'] as const;

export function lastLogInQueryOptions() {
  return queryOptions({ queryKey: lastLogInQueryKey, queryFn: ({ signal }) => getLastLogIn(signal) });
}

export function useLastLogIn() {
  return useQuery(lastLogInQueryOptions());
}
