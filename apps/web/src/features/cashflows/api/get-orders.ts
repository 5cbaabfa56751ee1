import type { OrdersResponse, OrderView } from '@fund/contracts';
import { TradingPath } from '@fund/contracts/paths';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { nextPageOf, type OrderStatusFilter, type OrdersFilter } from '../history-filters';
import { cashflowsQueryKeys } from './cashflows-query-keys';

type OrderStatus = OrderView['status'];

/**
 * The API's status filters behind one of the screen's: the API takes one status, 受渡済 is two (TRADED
 * and COMPLETED), so it is read as two lists merged newest first. `undefined` is every status.
 */
export function apiStatusesOf(filter: OrderStatusFilter): readonly (OrderStatus | undefined)[] {
  switch (filter) {
    case 'all':
      return [undefined];
    case 'SETTLED':
      return ['TRADED', 'COMPLETED'];
    default:
      return [filter];
  }
}

/** `GET /v1/orders?status&page`: the customer's orders, newest first, 20 a page. */
export function getOrders(
  status: OrderStatus | undefined,
  page: number,
  signal?: AbortSignal,
): Promise<OrdersResponse> {
  return productApi.get<OrdersResponse>(TradingPath.orders, { query: { status, page }, signal });
}

/** One "page" of the screen: the next page of each API list still read (null for a finished list). */
export interface OrdersPage {
  readonly parts: readonly (OrdersResponse | null)[];
}
/** Per API list, the page to read next; null once it is all loaded. */
export type OrdersPageParam = readonly (number | null)[];

export function ordersQueryOptions(filter: OrdersFilter) {
  const statuses = apiStatusesOf(filter.status);
  return infiniteQueryOptions({
    queryKey: cashflowsQueryKeys.orders(filter),
    queryFn: async ({ pageParam, signal }): Promise<OrdersPage> => ({
      parts: await Promise.all(
        statuses.map((status, index) => {
          const page = pageParam[index] ?? null;
          return page === null ? null : getOrders(status, page, signal);
        }),
      ),
    }),
    initialPageParam: statuses.map(() => 1) as OrdersPageParam,
    getNextPageParam: (last: OrdersPage): OrdersPageParam | undefined => {
      const next = last.parts.map((part) => (part === null ? null : (nextPageOf(part) ?? null)));
      return next.every((page) => page === null) ? undefined : next;
    },
  });
}

/** Newest first, as the API orders them (createdAt, then id). */
function newerFirst(a: OrderView, b: OrderView): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The loaded orders in the API's order. With two lists merged, an order older than the last loaded one
 * of a list with more pages could still be preceded by an unloaded order of that list: it waits for the
 * next "もっと見る", so the shown list never has a gap.
 */
export function ordersShown(data: InfiniteData<OrdersPage, unknown>): OrderView[] {
  const all = data.pages.flatMap((page) => page.parts.flatMap((part) => part?.orders ?? []));
  const sorted = [...all].sort(newerFirst);
  // a list with more to load was read in the latest page: its last loaded order is there
  const cut = (data.pages.at(-1)?.parts ?? [])
    .filter((part): part is OrdersResponse => part !== null && nextPageOf(part) !== undefined)
    .flatMap((part) => part.orders.slice(-1))
    .sort(newerFirst)[0];
  return cut === undefined ? sorted : sorted.filter((order) => newerFirst(order, cut) <= 0);
}

export function useOrders(filter: OrdersFilter) {
  return useInfiniteQuery(ordersQueryOptions(filter));
}
