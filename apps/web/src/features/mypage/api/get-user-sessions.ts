import type { UserSessions } from '@fund/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityApi } from '../../../lib/api/services';
import { identityApiPath } from './identity-paths';
import { mypageQueryKeys } from './mypage-query-keys';

/** Identity `GET user/sessions`: the apps and devices signed in as the customer. */
export function getUserSessions(signal?: AbortSignal): Promise<UserSessions> {
  return identityApi.get<UserSessions>(identityApiPath.userSessions, { signal, silent: true });
}

export function userSessionsQueryOptions() {
  return queryOptions({
    queryKey: mypageQueryKeys.userSessions(),
    queryFn: ({ signal }) => getUserSessions(signal),
  });
}

export function useUserSessions() {
  return useQuery(userSessionsQueryOptions());
}
