import type { AccountRoleType } from '@fund/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { readSessionUser } from '../../lib/auth/session-user';
import { afterFirstScreen } from '../../lib/scheduling/after-first-screen';
import { accountStatusQueryOptions } from './api/get-account-status';
import { accountsQueryOptions } from './api/get-accounts';
import { informationBadgeQueryOptions } from './api/get-information-badge';
import { informationOthersBadgeQueryOptions } from './api/get-information-others-badge';
import { lastLogInQueryOptions } from '../../lib/auth/last-log-in';
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
    // after the first screen (decision 030); prefetchQuery never throws: a failure stays in the cache for
    // the screen that needs the data
    prefetchForLaterScreens: () =>
      afterFirstScreen(() => {
        void queryClient.prefetchQuery(nisaRequestsQueryOptions());
        void queryClient.prefetchQuery(migratedStatusQueryOptions());
        void queryClient.prefetchQuery(lastLogInQueryOptions());
      }),
  };
}

/**
 * Starts the root loading's calls as soon as the session gate has passed, beside the page's chunk and
 * calls. The shell runs its sequence once the page is loaded and then reads these answers from the cache
 * (fresh for the query client's staleTime), so the first screen waits for one round of calls instead of
 * three (performance.md: LCP against the floor app). The sequence's order and decisions are unchanged;
 * the update-account request, asked only when a re-confirmation is due, is left to it.
 */
export function prefetchRootLoading(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(accountStatusQueryOptions());
  void queryClient.prefetchQuery(tradingUserStatusQueryOptions());
  void queryClient.prefetchQuery(informationBadgeQueryOptions());
  void queryClient.prefetchQuery(informationOthersBadgeQueryOptions());
  void queryClient.prefetchQuery(accountsQueryOptions());
  void queryClient.prefetchQuery(unmaskedUserQueryOptions());
}

/**
 * The customer's role for the pages' loaders: from the session once the root loading has written it;
 * before that (the first page of a tab), from the root loading's call of the unmasked user, which the
 * pages' route started beside the page's loader, so a loader waits for it rather than asking again.
 */
export async function accountRoleForLoaders(queryClient: QueryClient): Promise<AccountRoleType | null> {
  const stored = readSessionUser()?.accountRole;
  if (stored !== undefined) return stored;
  try {
    return (await queryClient.ensureQueryData(unmaskedUserQueryOptions())).accountRole;
  } catch {
    return null;
  }
}
