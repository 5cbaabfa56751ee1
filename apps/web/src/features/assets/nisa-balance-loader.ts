import { jstCalendarDate } from '@fund/domain';
import type { PageLoad } from '../../lib/routing/page-module';
import { nisaHoldingsQueryOptions } from './api/get-nisa-holdings';
import { noNisaAccount, nisaStatusQueryOptions } from './api/get-nisa-status-by-year';
import { requestedYear } from './nisa-year';

/** NISA口座の状況's calls, started with the navigation (decision 012). */
export const loadNisaBalancePage: PageLoad = async ({ queryClient, url, accountRole }) => {
  // nothing is asked before the role is known, so a corporate or child account never calls for a NISA
  // status
  const role = await accountRole();
  if (role === 'JUNIOR_NISA') void queryClient.prefetchQuery(nisaHoldingsQueryOptions());
  if (role !== 'ADULT') return;
  void queryClient.prefetchQuery(nisaHoldingsQueryOptions()); // below the fold: skeleton
  // The planner at the top answers for this year and next January: the screen waits for both rather than
  // grow under the reader when next year's answer comes (CLS, performance.md). Next year is asked beside
  // this year, by the calendar; the business year (the server's) decides, and is asked for when it differs.
  const calendarNextYear = jstCalendarDate(new Date()).year + 1;
  const [current] = await Promise.all([
    queryClient.ensureQueryData(nisaStatusQueryOptions('current')),
    queryClient.prefetchQuery(nisaStatusQueryOptions(calendarNextYear)),
  ]);
  if (current === noNisaAccount) return;
  const asked = requestedYear(url.searchParams.get('year'));
  await Promise.all([
    queryClient.prefetchQuery(nisaStatusQueryOptions(current.year + 1)),
    asked !== undefined && asked < current.year
      ? queryClient.ensureQueryData(nisaStatusQueryOptions(asked))
      : undefined,
  ]);
};
