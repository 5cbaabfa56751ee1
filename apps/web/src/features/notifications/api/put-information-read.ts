import type { InformationDetail, InformationReadAnswer, Informations } from '@fund/contracts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { useUiStore } from '../../../lib/store/ui-store';
import { informationReadPath, notificationsQueryKeys } from './informations-paths';

/** `PUT /v1/informations/{id}/read` (idempotent): answers the unread counts after it. */
export function putInformationRead(id: string): Promise<InformationReadAnswer> {
  return productApi.put<InformationReadAnswer>(informationReadPath(id));
}

/**
 * Marks a notice read; on success the menu badge shows the server's unread count (important + others)
 * and the cached list and notice show it read, without fetching them again.
 */
export function useMarkInformationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putInformationRead,
    onSuccess: (answer) => {
      const { important, others } = answer.unread;
      useUiStore.getState().setUnreadInformationCount(important + others);
      const { id } = answer.information;
      queryClient.setQueryData<InformationDetail>(notificationsQueryKeys.detail(id), (detail) =>
        detail === undefined ? detail : { information: { ...detail.information, read: true } },
      );
      queryClient.setQueriesData<InfiniteData<Informations>>(
        { queryKey: notificationsQueryKeys.lists() },
        (lists) =>
          lists === undefined
            ? lists
            : {
                ...lists,
                pages: lists.pages.map((page) => ({
                  ...page,
                  informations: page.informations.map((notice) =>
                    notice.id === id ? { ...notice, read: true } : notice,
                  ),
                })),
              },
      );
    },
  });
}
