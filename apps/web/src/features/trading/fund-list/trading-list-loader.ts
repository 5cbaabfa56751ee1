import type { PageLoad } from '../../../lib/routing/page-module';
import { isFundCode } from '../../../lib/routing/fund-code';
import { fundQueryOptions } from '../shared/api/get-fund';
import { fundsQueryOptions } from './api/get-funds';
import { heldFundsQueryOptions } from './api/get-held-funds';
import { navsQueryOptions } from './api/get-navs';
import {
  monthlyDepositQueryOptions,
  recurringPurchasesQueryOptions,
  scheduledSellsQueryOptions,
} from '../shared/api/get-plans';
import { defaultNavRange, navRangeFrom } from './fund-nav-range';

/** The fund opened with `?fund=CODE`, when the address names one. */
export function openFundOf(url: URL): string | null {
  const code = url.searchParams.get('fund');
  return code !== null && isFundCode(code) ? code : null;
}

/**
 * 取引's calls, started with the navigation (decision 012): the funds are awaited (the list is the first
 * paint); the customer's plans, holdings and an opened fund's detail and chart are started beside them and
 * show their skeletons until they answer.
 */
export const loadTradingPage: PageLoad = async ({ queryClient, url }) => {
  void queryClient.prefetchQuery(recurringPurchasesQueryOptions());
  void queryClient.prefetchQuery(scheduledSellsQueryOptions());
  void queryClient.prefetchQuery(monthlyDepositQueryOptions());
  void queryClient.prefetchQuery(heldFundsQueryOptions());
  const open = openFundOf(url);
  if (open !== null) void queryClient.prefetchQuery(fundQueryOptions(open));
  const { funds } = await queryClient.ensureQueryData(fundsQueryOptions());
  const navDate = funds.find((fund) => fund.code === open)?.navDate ?? null;
  if (open !== null && navDate !== null) {
    void queryClient.prefetchQuery(navsQueryOptions(open, navRangeFrom(navDate, defaultNavRange), navDate));
  }
};
