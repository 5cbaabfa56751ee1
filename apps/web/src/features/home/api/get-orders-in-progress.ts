import type { OrdersResponse, OrderView } from '@fund/contracts';
import { TradingPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { homeQueryKeys } from './home-query-keys';

/** Orders not settled yet: accepted (ORDERED) and priced but before 受渡日 (EXECUTED). */
const inProgressStatuses = ['ORDERED', 'EXECUTED'] as const;

export interface OrdersInProgress {
  /** Newest 申込日 first; at most one page (20) of each status. */
  readonly orders: readonly OrderView[];
  /** How many there are in all (the list may show fewer). */
  readonly total: number;
}

/** `GET /v1/orders?status=…`: the first page of the customer's orders of one status, newest first. */
export function getOrders(status: OrderView['status'], signal?: AbortSignal): Promise<OrdersResponse> {
  return productApi.get<OrdersResponse>(TradingPath.orders, { query: { status, page: 1 }, signal });
}

/** Both in-progress statuses, asked together, as one list. */
export async function getOrdersInProgress(signal?: AbortSignal): Promise<OrdersInProgress> {
  const pages = await Promise.all(inProgressStatuses.map((status) => getOrders(status, signal)));
  const orders = pages.flatMap((page) => page.orders).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { orders, total: pages.reduce((sum, page) => sum + page.total, 0) };
}

export function ordersInProgressQueryOptions() {
  return queryOptions({
    queryKey: homeQueryKeys.ordersInProgress(),
    queryFn: ({ signal }) => getOrdersInProgress(signal),
  });
}

export function useOrdersInProgress() {
  return useQuery(ordersInProgressQueryOptions());
}
