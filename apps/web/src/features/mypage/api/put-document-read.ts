import type {
  DeliveredDocumentDetail,
  DeliveredDocumentReadAnswer,
  DeliveredDocuments,
} from '@fund/contracts';
import { DocumentsPath, fillPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { mypageQueryKeys } from './mypage-query-keys';

/**
 * `PUT /v1/documents/{id}/read` (idempotent, `user.write`). Silent like my page's other calls: a mark that
 * did not reach the server leaves the document 未読, and the next opening tries again.
 */
export function putDocumentRead(id: string): Promise<DeliveredDocumentReadAnswer> {
  return productApi.put<DeliveredDocumentReadAnswer>(fillPath(DocumentsPath.read, { id }), { silent: true });
}

/**
 * Marks a document read (as the notices' `useMarkInformationRead` does); on success the cached list and
 * document show it read, so the row's 未読 badge goes without fetching the list again.
 */
export function useMarkDocumentRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putDocumentRead,
    onSuccess: (answer) => {
      const { id } = answer.document;
      queryClient.setQueryData<DeliveredDocumentDetail>(mypageQueryKeys.document(id), (detail) =>
        detail === undefined ? detail : { document: { ...detail.document, read: true } },
      );
      queryClient.setQueryData<DeliveredDocuments>(mypageQueryKeys.documents(), (list) =>
        list === undefined
          ? list
          : {
              documents: list.documents.map((document) =>
                document.id === id ? { ...document, read: true } : document,
              ),
            },
      );
    },
  });
}
