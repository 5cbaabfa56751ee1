import type { InformationDetail } from '@fund/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { informationPath, notificationsQueryKeys } from './informations-paths';

/** `GET /v1/informations/{id}`: one notice with its body (HTML as authored, sanitised where shown). */
export function getInformation(id: string, signal?: AbortSignal): Promise<InformationDetail> {
  return productApi.get<InformationDetail>(informationPath(id), { signal });
}

export function informationQueryOptions(id: string) {
  return queryOptions({
    queryKey: notificationsQueryKeys.detail(id),
    queryFn: ({ signal }) => getInformation(id, signal),
  });
}

export function useInformation(id: string) {
  return useQuery(informationQueryOptions(id));
}
