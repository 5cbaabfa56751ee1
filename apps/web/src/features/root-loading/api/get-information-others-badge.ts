import { RootLoadingPath, type InformationBadge } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';

/** `GET /v1/badges/informationOthers`: unread notices of the other category (data.informations.unreadAll). */
export function getInformationOthersBadge(signal?: AbortSignal): Promise<InformationBadge> {
  return productApi.get<InformationBadge>(RootLoadingPath.informationOthersBadge, { signal, silent: true });
}

export const informationOthersBadgeQueryKey = ['account', 'informationOthersBadge'] as const;

export function informationOthersBadgeQueryOptions() {
  return queryOptions({
    queryKey: informationOthersBadgeQueryKey,
    queryFn: ({ signal }) => getInformationOthersBadge(signal),
  });
}
