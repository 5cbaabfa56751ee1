import { LinkButton } from '../../../components/button/link-button';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui';
import { ordersShown, useOrders } from '../api/get-orders';
import type { OrderStatusFilter, OrdersFilter } from '../history-filters';
import { MoreButton } from './more-button';
import { OrderCard } from './order-card';

export const orderStatusFilterLabels: Record<OrderStatusFilter, string> = {
  all: 'すべて',
  ORDERED: '注文中',
  EXECUTED: '約定済',
  SETTLED: '受渡済',
  CANCELED: '取消済',
};

/** 注文: the customer's orders, newest first, each with its steps and, while open, its 取消. */
export function OrderList({ filter }: { readonly filter: OrdersFilter }) {
  const query = useOrders(filter);
  if (query.isPending) return <Skeleton label="注文" lines={8} />;
  if (query.isError) {
    return <ErrorState what="注文" retrying={query.isRefetching} onRetry={() => void query.refetch()} />;
  }
  const orders = ordersShown(query.data);
  if (orders.length === 0) {
    return filter.status === 'all' ? (
      <EmptyState
        title="ご注文はまだありません。"
        action={
          <LinkButton variant="outline" to="/trading">
            ファンドを探す
          </LinkButton>
        }
      >
        ファンドの購入や解約を申し込むと、ここで進み具合を確認できます。
      </EmptyState>
    ) : (
      <EmptyState title={`${orderStatusFilterLabels[filter.status]}のご注文はありません。`}>
        ほかの状態を選んでお確かめください。
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="history-items" aria-label="注文">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <MoreButton loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />
      ) : null}
    </>
  );
}
