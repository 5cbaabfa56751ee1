import type { LastLogIn } from '@fund/contracts';
import { RootLoadingPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PassThrough } from '../api/pass-through';
import { productApi } from '../api/services';

/**
 * `GET /v1/lastLogIn`: the sign-in before this one; 400-000 passes through (spec §8), shown as "no record".
 * Silent: the root loading only prefetches it, and my page's block says itself what it could not show.
 */
export function getLastLogIn(signal?: AbortSignal): Promise<LastLogIn> {
  return productApi.get<LastLogIn>(RootLoadingPath.lastLogIn, {
    silent: true,
    passThrough: PassThrough.getLastLogIn,
    signal,
  });
}

/**
 * One query under one key: the root loading prefetches it for later screens, so my page paints from that
 * answer instead of asking again.
 */
export function lastLogInQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'lastLogIn'] as const,
    queryFn: ({ signal }) => getLastLogIn(signal),
  });
}

export function useLastLogIn() {
  return useQuery(lastLogInQueryOptions());
}
