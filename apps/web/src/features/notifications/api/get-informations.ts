import type { InformationCategoryValue, Informations } from '@fund/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { informationsListPath, notificationsQueryKeys } from './informations-paths';

export const informationsPageSize = 20;

/** `GET /v1/informations?category&page&pageSize`: the customer's notices of a category, newest first. */
export function getInformations(
  category: InformationCategoryValue,
  page: number,
  signal?: AbortSignal,
): Promise<Informations> {
  return productApi.get<Informations>(informationsListPath, {
    query: { category, page, pageSize: informationsPageSize },
    signal,
  });
}

/** Pages of one category; the next page exists while fewer than `total` notices are loaded. */
export function informationsQueryOptions(category: InformationCategoryValue) {
  return infiniteQueryOptions({
    queryKey: notificationsQueryKeys.list(category),
    queryFn: ({ pageParam, signal }) => getInformations(category, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Informations) =>
      last.paging.page * last.paging.pageSize < last.paging.total ? last.paging.page + 1 : undefined,
  });
}

export function useInformations(category: InformationCategoryValue) {
  return useInfiniteQuery(informationsQueryOptions(category));
}
