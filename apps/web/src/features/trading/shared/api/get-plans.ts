import type { MonthlyDeposit, RecurringPurchaseList, ScheduledSellList } from '@fund/contracts';
import { PlansPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from './trading-query-keys';

/** `GET /v1/recurringPurchases`: the customer's 積立 plans with their state and pending change. */
export function recurringPurchasesQueryOptions() {
  return queryOptions({
    queryKey: tradingQueryKeys.recurringPurchases(),
    queryFn: ({ signal }) => productApi.get<RecurringPurchaseList>(PlansPath.recurringPurchases, { signal }),
  });
}

export function useRecurringPurchases() {
  return useQuery(recurringPurchasesQueryOptions());
}

/** `GET /v1/scheduledSells`: the customer's 定期売却 instructions. */
export function scheduledSellsQueryOptions() {
  return queryOptions({
    queryKey: tradingQueryKeys.scheduledSells(),
    queryFn: ({ signal }) => productApi.get<ScheduledSellList>(PlansPath.scheduledSells, { signal }),
  });
}

export function useScheduledSells() {
  return useQuery(scheduledSellsQueryOptions());
}

/** `GET /v1/monthlyDeposit`: the 毎月の入金 setting. */
export function monthlyDepositQueryOptions() {
  return queryOptions({
    queryKey: tradingQueryKeys.monthlyDeposit(),
    queryFn: ({ signal }) => productApi.get<MonthlyDeposit>(PlansPath.monthlyDeposit, { signal }),
  });
}

export function useMonthlyDeposit() {
  return useQuery(monthlyDepositQueryOptions());
}
