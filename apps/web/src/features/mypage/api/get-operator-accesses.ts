import type { OperatorAccesses } from '@fund/contracts';
import { OperatorAccessPath } from '@fund/contracts/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { mypageQueryKeys } from './mypage-query-keys';

/** Visits per page of 担当者による閲覧の記録; the block shows more on request. */
export const operatorAccessesPageSize = 5;

/**
 * `GET /v1/operatorAccesses?page&pageSize` (decision 025): when a call-centre operator viewed the account,
 * newest first. Silent like every block of my page: the block says itself what it could not show.
 */
export function getOperatorAccesses(page: number, signal?: AbortSignal): Promise<OperatorAccesses> {
  return productApi.get<OperatorAccesses>(OperatorAccessPath.list, {
    query: { page, pageSize: operatorAccessesPageSize },
    silent: true,
    signal,
  });
}

function nextPageOf({ paging }: OperatorAccesses): number | undefined {
  return paging.page * paging.pageSize < paging.total ? paging.page + 1 : undefined;
}

export function operatorAccessesQueryOptions() {
  return infiniteQueryOptions({
    // under my page's keys, next to its other calls, without a line in their shared list
    queryKey: [...mypageQueryKeys.all, 'operator-accesses'] as const,
    queryFn: ({ pageParam, signal }) => getOperatorAccesses(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useOperatorAccesses() {
  return useInfiniteQuery(operatorAccessesQueryOptions());
}
