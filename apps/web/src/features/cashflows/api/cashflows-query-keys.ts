import type { HistoryFilter, OrdersFilter } from '../history-filters';

/** Query keys of the 入出金・取引履歴 screen; a cancelled order refreshes `orders()` (every status filter). */
export const cashflowsQueryKeys = {
  all: ['cashflows'] as const,
  cashflowLists: () => [...cashflowsQueryKeys.all, 'cashflows'] as const,
  cashflows: (filter: HistoryFilter) => [...cashflowsQueryKeys.cashflowLists(), filter] as const,
  tradeLists: () => [...cashflowsQueryKeys.all, 'trades'] as const,
  trades: (filter: HistoryFilter) => [...cashflowsQueryKeys.tradeLists(), filter] as const,
  orderLists: () => [...cashflowsQueryKeys.all, 'orders'] as const,
  orders: (filter: OrdersFilter) => [...cashflowsQueryKeys.orderLists(), filter] as const,
};
