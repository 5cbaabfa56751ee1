import type { DeliveredDocumentDetail, DeliveredDocuments } from '@fund/contracts';
import { DocumentsPath, fillPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { mypageQueryKeys } from './mypage-query-keys';

/**
 * `GET /v1/documents`: the customer's 電子交付書面 (取引報告書, 取引残高報告書, 特定口座年間取引報告書), newest
 * first. Silent like my page's other calls: the block says in place what it could not show.
 */
export function getDeliveredDocuments(signal?: AbortSignal): Promise<DeliveredDocuments> {
  return productApi.get<DeliveredDocuments>(DocumentsPath.list, { signal, silent: true });
}

export function deliveredDocumentsQueryOptions() {
  return queryOptions({
    queryKey: mypageQueryKeys.documents(),
    queryFn: ({ signal }) => getDeliveredDocuments(signal),
  });
}

export function useDeliveredDocuments() {
  return useQuery(deliveredDocumentsQueryOptions());
}

/** `GET /v1/documents/{id}`: one document with its body as issued (it never changes once issued). */
export function getDeliveredDocument(id: string, signal?: AbortSignal): Promise<DeliveredDocumentDetail> {
  return productApi.get<DeliveredDocumentDetail>(fillPath(DocumentsPath.detail, { id }), {
    signal,
    silent: true,
  });
}

export function deliveredDocumentQueryOptions(id: string) {
  return queryOptions({
    queryKey: mypageQueryKeys.document(id),
    queryFn: ({ signal }) => getDeliveredDocument(id, signal),
    staleTime: Infinity,
  });
}

export function useDeliveredDocument(id: string) {
  return useQuery(deliveredDocumentQueryOptions(id));
}
