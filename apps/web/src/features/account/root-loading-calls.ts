import type { QueryClient } from '@tanstack/react-query';
import { accountStatusQueryOptions } from './api/get-account-status';
import { accountsQueryOptions } from './api/get-accounts';
import { informationBadgeQueryOptions } from './api/get-information-badge';
import { informationOthersBadgeQueryOptions } from './api/get-information-others-badge';
import { lastLogInQueryOptions } from './api/get-last-log-in';
import { migratedStatusQueryOptions } from './api/get-migrated-status';
import { nisaRequestsQueryOptions } from './api/get-nisa-requests';
import { tradingUserStatusQueryOptions } from './api/get-trading-user-status';
import { unmaskedUserQueryOptions } from './api/get-unmasked-user';
import { updateAccountRequestsQueryOptions } from './api/get-update-account-requests';
import type { RootLoadingCalls } from './root-loading';

/**
 * The real calls of the root loading, through the query cache, so later screens read the same answers
 * (`useQuery(unmaskedUserQueryOptions())` etc.) without asking again.
 */
export function createRootLoadingCalls(queryClient: QueryClient): RootLoadingCalls {
  return {
    accountStatus: () => queryClient.fetchQuery(accountStatusQueryOptions()),
    tradingUserStatus: () => queryClient.fetchQuery(tradingUserStatusQueryOptions()),
    informationBadge: () => queryClient.fetchQuery(informationBadgeQueryOptions()),
    informationOthersBadge: () => queryClient.fetchQuery(informationOthersBadgeQueryOptions()),
    accounts: () => queryClient.fetchQuery(accountsQueryOptions()),
    unmaskedUser: () => queryClient.fetchQuery(unmaskedUserQueryOptions()),
    updateAccountRequests: () => queryClient.fetchQuery(updateAccountRequestsQueryOptions()),
    prefetchForLaterScreens: () => {
      // prefetchQuery never throws: a failure stays in the cache for the screen that needs the data
      void queryClient.prefetchQuery(nisaRequestsQueryOptions());
      void queryClient.prefetchQuery(migratedStatusQueryOptions());
      void queryClient.prefetchQuery(lastLogInQueryOptions());
    },
  };
}
