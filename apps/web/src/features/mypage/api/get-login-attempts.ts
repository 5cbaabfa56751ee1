import type { LoginAttempts } from '@fund/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityApi } from '../../../lib/api/services';
import { identityApiPath } from './identity-paths';
import { mypageQueryKeys } from './mypage-query-keys';

/** Identity `GET user/login_attempts`: the sign-in history, newest first, failures included. */
export function getLoginAttempts(signal?: AbortSignal): Promise<LoginAttempts> {
  return identityApi.get<LoginAttempts>(identityApiPath.userLoginAttempts, { signal, silent: true });
}

export function loginAttemptsQueryOptions() {
  return queryOptions({
    queryKey: mypageQueryKeys.loginAttempts(),
    queryFn: ({ signal }) => getLoginAttempts(signal),
  });
}

export function useLoginAttempts() {
  return useQuery(loginAttemptsQueryOptions());
}
