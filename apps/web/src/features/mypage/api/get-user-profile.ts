import type { UserProfile } from '@fund/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityApi } from '../../../lib/api/services';
import { identityApiPath } from './identity-paths';
import { mypageQueryKeys } from './mypage-query-keys';

/** Identity `GET user/profile`: the mail address the service's mails go to (and the sign-in profile). */
export function getUserProfile(signal?: AbortSignal): Promise<UserProfile> {
  return identityApi.get<UserProfile>(identityApiPath.userProfile, { signal, silent: true });
}

export function userProfileQueryOptions() {
  return queryOptions({
    queryKey: mypageQueryKeys.userProfile(),
    queryFn: ({ signal }) => getUserProfile(signal),
  });
}

export function useUserProfile() {
  return useQuery(userProfileQueryOptions());
}
