import { formatJapaneseDate, formatJapaneseDateTime } from '@fund/domain';
import { LinkButton } from '../../../../components/button/link-button';
import {
  Card,
  DescriptionList,
  ErrorState,
  Money,
  Points,
  Skeleton,
  Units,
  type DescriptionItem,
} from '../../../../components/ui';
import { usePlacedBuyOrder } from '../api/get-placed-buy-order';
import { accountLabelOf } from '../buy-messages';

/**
 * The buy's completion (issue 15 point 2): the order number, what was ordered, its dates and where to
 * follow it. Read back from `GET /v1/orders/{id}`, so a reload shows the same order, never a new one.
 */
export function BuyCompletion({ orderId }: { readonly orderId: string }) {
  const answer = usePlacedBuyOrder(orderId);
  if (answer.isPending) return <Skeleton label="ご注文の内容" lines={8} />;
  if (answer.isError)
    return (
      <ErrorState what="ご注文の内容" onRetry={() => void answer.refetch()} retrying={answer.isFetching} />
    );
  const { order } = answer.data;
  const items: DescriptionItem[] = [
    { term: '注文番号', value: <span className="buy-flow__order-id">{order.id}</span> },
    { term: 'ファンド', value: order.fundName },
    { term: '口座区分', value: accountLabelOf(order.accountType) },
    order.requestedAmount === null
      ? { term: '購入口数', value: <Units value={order.requestedUnits ?? '0'} /> }
      : { term: '購入金額', value: <Money value={order.requestedAmount} /> },
  ];
  if (order.pointsUsed !== '0')
    items.push({
      term: 'ご利用ポイント',
      value: <Points value={order.pointsUsed} />,
      note: <Money value={order.pointsValue} />,
    });
  items.push(
    { term: 'お預り金からのお支払い', value: <Money value={order.heldAmount} /> },
    { term: '申込日', value: formatJapaneseDate(order.applicationDate) },
    { term: '約定日', value: formatJapaneseDate(order.tradeDate) },
    { term: '受渡日', value: formatJapaneseDate(order.settlementDate) },
    { term: '取消期限', value: `${formatJapaneseDateTime(order.cancelDeadline)}まで` },
  );
  return (
    <>
      <Card>
        <p className="buy-flow__lead">
          ご注文を受け付けました。約定日の基準価額で口数（金額）が決まり、受渡日にお預り金から精算されます。
        </p>
        <DescriptionList label="ご注文の内容" items={items} />
        <p className="buy-flow__note">取消期限までは、入出金・取引履歴の注文一覧から取り消せます。</p>
      </Card>
      <div className="buy-flow__actions">
        <LinkButton to="/cashflows?tab=orders" variant="primary" width="100%">
          注文を確認する
        </LinkButton>
        <LinkButton to="/" variant="outline" width="100%">
          ホームへ
        </LinkButton>
      </div>
    </>
  );
}
