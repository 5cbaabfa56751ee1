import type { RecurringPurchaseList } from '@fund/contracts';
import { PlansPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { homeQueryKeys } from './home-query-keys';

/** `GET /v1/recurringPurchases`: the customer's 積立 plans (every status). */
export function getRecurringPurchases(signal?: AbortSignal): Promise<RecurringPurchaseList> {
  return productApi.get<RecurringPurchaseList>(PlansPath.recurringPurchases, { signal });
}

export function recurringPurchasesQueryOptions() {
  return queryOptions({
    queryKey: homeQueryKeys.recurringPurchases(),
    queryFn: ({ signal }) => getRecurringPurchases(signal),
  });
}

export function useRecurringPurchases() {
  return useQuery(recurringPurchasesQueryOptions());
}
