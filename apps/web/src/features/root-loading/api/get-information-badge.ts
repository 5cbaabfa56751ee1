import { RootLoadingPath, type InformationBadge } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';

/** `GET /v1/badges/information`: unread notices (data.informations.unreadAll). */
export function getInformationBadge(signal?: AbortSignal): Promise<InformationBadge> {
  return productApi.get<InformationBadge>(RootLoadingPath.informationBadge, { signal, silent: true });
}

export const informationBadgeQueryKey = ['account', 'informationBadge'] as const;

export function informationBadgeQueryOptions() {
  return queryOptions({
    queryKey: informationBadgeQueryKey,
    queryFn: ({ signal }) => getInformationBadge(signal),
  });
}
