import type { Informations } from '@fund/contracts';
import { InformationsPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { homeQueryKeys } from './home-query-keys';

/** How many of the latest important notices the home screen shows. */
export const latestNoticesCount = 3;

/** `GET /v1/informations?category=important`: the newest important notices, first page only. */
export function getImportantNotices(signal?: AbortSignal): Promise<Informations> {
  return productApi.get<Informations>(InformationsPath.list, {
    query: { category: 'important', page: 1, pageSize: latestNoticesCount },
    signal,
  });
}

export function importantNoticesQueryOptions() {
  return queryOptions({
    queryKey: homeQueryKeys.importantNotices(),
    queryFn: ({ signal }) => getImportantNotices(signal),
  });
}

export function useImportantNotices() {
  return useQuery(importantNoticesQueryOptions());
}
