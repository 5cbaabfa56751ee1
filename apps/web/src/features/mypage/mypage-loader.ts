import type { PageLoad } from '../../lib/routing/page-module';
import { accountTransferAccountQueryOptions } from './api/get-account-transfer-account';
import { creditCardQueryOptions } from './api/get-credit-card';
import { deliveredDocumentsQueryOptions } from './api/get-documents';
import { lastLogInQueryOptions } from '../../lib/auth/last-log-in';
import { loginAttemptsQueryOptions } from './api/get-login-attempts';
import { userProfileQueryOptions } from './api/get-user-profile';
import { userSessionsQueryOptions } from './api/get-user-sessions';

/**
 * My page's calls to the customer-data services, which take an operator's act-as (decision 024): all an
 * operator's view of the page loads. The identity service's calls are about the signed-in person, whom
 * the console is not.
 */
export const loadMyPageAccountData: PageLoad = async ({ queryClient }) => {
  // the profile comes from the session (root loading); every other block shows its skeleton until its
  // answer comes, so nothing holds the navigation
  void queryClient.prefetchQuery(lastLogInQueryOptions());
  void queryClient.prefetchQuery(creditCardQueryOptions());
  void queryClient.prefetchQuery(accountTransferAccountQueryOptions());
  void queryClient.prefetchQuery(deliveredDocumentsQueryOptions());
};

/** My page's calls, started with the navigation (decision 012). */
export const loadMyPage: PageLoad = async (args) => {
  await loadMyPageAccountData(args);
  const { queryClient } = args;
  void queryClient.prefetchQuery(userSessionsQueryOptions());
  void queryClient.prefetchQuery(loginAttemptsQueryOptions());
  void queryClient.prefetchQuery(userProfileQueryOptions());
};
