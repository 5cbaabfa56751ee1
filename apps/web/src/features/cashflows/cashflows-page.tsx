import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading/page-heading';
import { Field, SegmentedControl, Select, TabPanel, Tabs } from '../../components/ui';
import type { PageModule } from '../../lib/routing/page-module';
import { CashflowList } from './components/cashflow-list';
import { OrderList, orderStatusFilterLabels } from './components/order-list';
import { PeriodFilter } from './components/period-filter';
import { TradeList } from './components/trade-list';
import {
  cashflowTypes,
  historySearchOf,
  historyViewOf,
  orderStatusFilters,
  tradeTypes,
  type CashflowTypeFilter,
  type HistoryTab,
  type OrderStatusFilter,
  type TradeTypeFilter,
} from './history-filters';
import { tradeTypeLabels } from './history-labels';
import './cashflows.css';

const idBase = 'history';

const tabItems: readonly { value: HistoryTab; label: string }[] = [
  { value: 'cashflows', label: '入出金' },
  { value: 'trades', label: '取引履歴' },
  { value: 'orders', label: '注文' },
];

const cashflowTypeLabels: Record<CashflowTypeFilter, string> = {
  all: 'すべて',
  deposit: '入金',
  withdraw: '出金',
};

/**
 * 入出金・取引履歴 (spec §2 /cashflows): three tabs, 入出金, 取引履歴 and 注文, with their filters in the
 * address (`?tab=orders&status=ORDERED`), so other screens link to a tab and the back button returns to
 * the previous one.
 */
export function CashflowsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = historyViewOf(params);
  const go = (search: string) => void navigate(search);

  return (
    <div className="history">
      <PageHeading title="入出金" />
      <Tabs
        label="履歴の種類"
        idBase={idBase}
        items={tabItems}
        selected={view.tab}
        onSelect={(tab) => go(historySearchOf(tab))}
      />
      <TabPanel idBase={idBase} value={view.tab}>
        {view.tab === 'cashflows' ? (
          <>
            <div className="history__filters">
              <SegmentedControl
                label="入出金の種類"
                options={cashflowTypes.map((type) => ({ value: type, label: cashflowTypeLabels[type] }))}
                value={view.cashflows.type}
                onChange={(type) => go(historySearchOf('cashflows', { ...view.cashflows, type }))}
              />
              <PeriodFilter
                label="期間"
                value={view.cashflows.period}
                onChange={(period) => go(historySearchOf('cashflows', { ...view.cashflows, period }))}
              />
            </div>
            <CashflowList filter={view.cashflows} />
          </>
        ) : view.tab === 'trades' ? (
          <>
            <div className="history__filters">
              <Field label="取引の種類">
                {(control) => (
                  <Select
                    {...control}
                    options={tradeTypes.map((type) => ({ value: type, label: tradeTypeLabels[type] }))}
                    value={view.trades.type}
                    onChange={(event) =>
                      go(
                        historySearchOf('trades', {
                          ...view.trades,
                          type: event.target.value as TradeTypeFilter,
                        }),
                      )
                    }
                  />
                )}
              </Field>
              <PeriodFilter
                label="期間（受渡日）"
                value={view.trades.period}
                onChange={(period) => go(historySearchOf('trades', { ...view.trades, period }))}
              />
            </div>
            <TradeList filter={view.trades} />
          </>
        ) : (
          <>
            <div className="history__filters">
              <Field label="注文の状態">
                {(control) => (
                  <Select
                    {...control}
                    options={orderStatusFilters.map((status) => ({
                      value: status,
                      label: orderStatusFilterLabels[status],
                    }))}
                    value={view.orders.status}
                    onChange={(event) =>
                      go(historySearchOf('orders', { status: event.target.value as OrderStatusFilter }))
                    }
                  />
                )}
              </Field>
            </div>
            <OrderList filter={view.orders} />
          </>
        )}
      </TabPanel>
    </div>
  );
}

export const cashflowsPage: PageModule = { Component: CashflowsPage };
