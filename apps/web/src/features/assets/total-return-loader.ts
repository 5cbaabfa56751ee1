import type { PageLoad } from '../../lib/routing/page-module';
import { totalReturnsQueryOptions } from './api/get-total-returns';

/** トータルリターン's one call, started with the navigation and awaited for the first paint (decision 012). */
export const loadTotalReturnPage: PageLoad = async ({ queryClient }) => {
  await queryClient.ensureQueryData(totalReturnsQueryOptions()).catch(() => undefined);
};
