import { calendarDateOf, jstDateOf, type IsoDate } from '@fund/domain';

// The screen's state lives in the address (`?tab&type&period&status`), so a link such as
// `/cashflows?tab=orders` opens the right tab, and the back button returns to the previous filter.

export const historyPageSize = 20;

export const historyTabs = ['cashflows', 'trades', 'orders'] as const;
export type HistoryTab = (typeof historyTabs)[number];

export const historyPeriods = ['thisMonth', 'lastMonth', 'threeMonths', 'oneYear', 'all'] as const;
export type HistoryPeriod = (typeof historyPeriods)[number];

export const cashflowTypes = ['all', 'deposit', 'withdraw'] as const;
export type CashflowTypeFilter = (typeof cashflowTypes)[number];

/** TradeType of `GET /v1/trades` (contracts tradeHistoryTypeSchema). */
export const tradeTypes = ['ALL', 'FUND', 'EQUITY', 'CASH_TRANSFER', 'CAPITAL_GAIN', 'SHIP_RECEIPT'] as const;
export type TradeTypeFilter = (typeof tradeTypes)[number];

/** 受渡済 stands for both TRADED and COMPLETED: to the customer both mean the order has settled. */
export const orderStatusFilters = ['all', 'ORDERED', 'EXECUTED', 'SETTLED', 'CANCELED'] as const;
export type OrderStatusFilter = (typeof orderStatusFilters)[number];

export interface CashflowFilter {
  readonly type: CashflowTypeFilter;
  readonly period: HistoryPeriod;
}
export interface TradeFilter {
  readonly type: TradeTypeFilter;
  readonly period: HistoryPeriod;
}
export type HistoryFilter = CashflowFilter | TradeFilter;
export interface OrdersFilter {
  readonly status: OrderStatusFilter;
}

export interface HistoryView {
  readonly tab: HistoryTab;
  readonly cashflows: CashflowFilter;
  readonly trades: TradeFilter;
  readonly orders: OrdersFilter;
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/** What the address asks for; anything unknown falls back to the defaults (すべて, all periods). */
export function historyViewOf(params: URLSearchParams): HistoryView {
  const type = params.get('type');
  const period = oneOf(historyPeriods, params.get('period'), 'all');
  return {
    tab: oneOf(historyTabs, params.get('tab'), 'cashflows'),
    cashflows: { type: oneOf(cashflowTypes, type, 'all'), period },
    trades: { type: oneOf(tradeTypes, type, 'ALL'), period },
    orders: { status: oneOf(orderStatusFilters, params.get('status'), 'all') },
  };
}

/** The address of a tab with its filters; defaults are left out so addresses stay short. */
export function historySearchOf(
  tab: HistoryTab,
  filter: { type?: string; period?: HistoryPeriod; status?: OrderStatusFilter } = {},
): string {
  const params = new URLSearchParams({ tab });
  if (filter.type !== undefined && filter.type !== 'all' && filter.type !== 'ALL')
    params.set('type', filter.type);
  if (filter.period !== undefined && filter.period !== 'all') params.set('period', filter.period);
  if (filter.status !== undefined && filter.status !== 'all') params.set('status', filter.status);
  return `?${params.toString()}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

function dateOf(year: number, month: number, day: number): string {
  // month may run outside 1-12; normalise it, and clamp the day to the month's length (31 → 30, 28)
  const normalised = new Date(Date.UTC(year, month - 1, 1));
  const y = normalised.getUTCFullYear();
  const m = normalised.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(Math.min(day, lastDay))}`;
}

/**
 * The dates a period covers in Japan's calendar (both inclusive), for the API's `from` and `to`:
 * 今月 and 先月 are whole calendar months; 3か月 and 1年 run from the same day 3 months or a year ago up
 * to today; すべて has no bounds.
 */
export function periodRange(
  period: HistoryPeriod,
  today: IsoDate = jstDateOf(new Date()),
): { from?: string; to?: string } {
  const { year, month, day } = calendarDateOf(today);
  switch (period) {
    case 'thisMonth':
      return { from: dateOf(year, month, 1), to: dateOf(year, month, 31) };
    case 'lastMonth':
      return { from: dateOf(year, month - 1, 1), to: dateOf(year, month - 1, 31) };
    case 'threeMonths':
      return { from: dateOf(year, month - 3, day), to: today };
    case 'oneYear':
      return { from: dateOf(year - 1, month, day), to: today };
    case 'all':
      return {};
  }
}

/** The next page of a paged answer, while fewer than `total` rows are loaded. */
export function nextPageOf(paging: {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
}): number | undefined {
  return paging.page * paging.pageSize < paging.total ? paging.page + 1 : undefined;
}
