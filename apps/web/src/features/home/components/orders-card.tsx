import type { OrderView } from '@fund/contracts';
import { formatAccountType, formatJapaneseDate, formatOrderChannel } from '@fund/domain';
import { Link } from 'react-router';
import {
  Badge,
  Card,
  EmptyState,
  ErrorState,
  List,
  ListRow,
  Money,
  Skeleton,
  Units,
} from '../../../components/ui';
import { useOrdersInProgress } from '../api/get-orders-in-progress';
import { isBuy } from '../labels';

/** The order list of 入出金・取引履歴 (another screen, spec §2 /cashflows). */
const orderListPath = '/cashflows?tab=orders';
/** Rows shown here; the rest are on the order list. */
const shownOrders = 5;

/** What the order is for: the priced amount once executed, else what was asked (yen or units, or all). */
function orderFigure(order: OrderView) {
  if (order.executedAmount !== null) return <Money value={order.executedAmount} />;
  if (order.orderType === 'ALL') return '全部解約';
  if (order.requestedAmount !== null) return <Money value={order.requestedAmount} />;
  if (order.requestedUnits !== null) return <Units value={order.requestedUnits} />;
  return undefined;
}

function orderSubtitle(order: OrderView): string {
  return [
    `${formatOrderChannel(order.channel)}・${formatAccountType(order.accountType)}`,
    `約定日 ${formatJapaneseDate(order.tradeDate)}・受渡日 ${formatJapaneseDate(order.settlementDate)}`,
  ].join('\n');
}

/** Orders not settled yet: what, buy or sell, how much, and when it is priced and settled. */
export function OrdersCard() {
  const { data, isPending, isError, isRefetching, refetch } = useOrdersInProgress();
  const action = <Link to={orderListPath}>注文一覧</Link>;
  return (
    <Card title="進行中のご注文" className="home-orders" action={action}>
      {isPending ? (
        <Skeleton label="進行中のご注文" lines={3} />
      ) : isError ? (
        <ErrorState what="進行中のご注文" retrying={isRefetching} onRetry={() => void refetch()} />
      ) : data.orders.length === 0 ? (
        <EmptyState title="進行中のご注文はありません。">
          約定・受渡が済んだご注文は、入出金・取引履歴でご確認いただけます。
        </EmptyState>
      ) : (
        <>
          <List label="進行中のご注文">
            {data.orders.slice(0, shownOrders).map((order) => (
              <ListRow
                key={order.id}
                to={orderListPath}
                title={order.fundName}
                subtitle={<span className="home-orders__subtitle">{orderSubtitle(order)}</span>}
                value={<span data-testid="order-figure">{orderFigure(order)}</span>}
                valueNote={
                  <span className="home-orders__badges">
                    <Badge tone={isBuy(order) ? 'info' : 'neutral'}>{isBuy(order) ? '買付' : '解約'}</Badge>
                    <Badge tone={order.status === 'ORDERED' ? 'warning' : 'success'}>
                      {order.status === 'ORDERED' ? '注文中' : '約定済'}
                    </Badge>
                  </span>
                }
              />
            ))}
          </List>
          {data.total > shownOrders ? (
            <p className="home-orders__more">
              ほか{data.total - shownOrders}件は<Link to={orderListPath}>注文一覧</Link>でご確認ください。
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
