import type { AssetHolding, OrderView } from '@fund/contracts';
import { formatUnits, formatYen } from '@fund/domain';
import { Button } from '../../../../components/button/button';
import { LinkButton } from '../../../../components/button/link-button';
import { Card, DescriptionList, ErrorState, Skeleton, Units } from '../../../../components/ui';
import { sellAccountTypeLabel } from '../../shared/sell-labels';
import { SellDatesList } from './sell-estimate-list';
import { SellHoldingFigures } from './sell-holdings-card';

function orderedFigure(order: OrderView): string {
  if (order.orderType === 'AMOUNT' && order.requestedAmount !== null)
    return `金額指定 ${formatYen(order.requestedAmount)}`;
  if (order.orderType === 'QUANTITY' && order.requestedUnits !== null)
    return `口数指定 ${formatUnits(order.requestedUnits)}`;
  return '全部解約（保有口数すべて）';
}

export interface SellCompleteProps {
  readonly order: OrderView;
  /** The holding of the order's account, from `/v1/assets` fetched again after the order. */
  readonly holding: AssetHolding | undefined;
  readonly holdingState: 'pending' | 'error' | 'ready';
  readonly onRetryHolding: () => void;
  readonly onSellAgain: () => void;
}

/**
 * 売却の受付完了: the order, and the holding as it shows from now on — the sold units deducted at once,
 * final after execution (spec §4).
 */
export function SellComplete({
  order,
  holding,
  holdingState,
  onRetryHolding,
  onSellAgain,
}: SellCompleteProps) {
  return (
    <>
      <Card title="ご注文を受け付けました">
        <p className="sell-note" role="status">
          売却のご注文を受け付けました。約定日の解約価額で約定し、受渡日にお預り金へ入金されます。
        </p>
        <DescriptionList
          label="受け付けたご注文"
          items={[
            { term: '注文番号', value: <span className="sell-order-id">{order.id}</span> },
            { term: 'ファンド', value: order.fundName },
            { term: '口座', value: sellAccountTypeLabel(order.accountType) },
            { term: '売却方法', value: orderedFigure(order) },
            { term: '売却注文中の口数', value: <Units value={order.reservedUnits} /> },
          ]}
        />
        <SellDatesList dates={order} />
      </Card>
      <Card title="ご注文後の保有状況">
        <p className="sell-note">
          ご注文の口数は、保有口数・評価額・評価損益から直ちに差し引いて表示しています。金額は約定後に確定します。
        </p>
        {holdingState === 'pending' ? (
          <Skeleton label="ご注文後の保有状況" lines={5} />
        ) : holdingState === 'error' ? (
          <ErrorState what="ご注文後の保有状況" onRetry={onRetryHolding} />
        ) : holding === undefined ? (
          <p className="sell-note">この口座の保有口数はすべて売却注文中です。</p>
        ) : (
          <SellHoldingFigures holding={holding} />
        )}
      </Card>
      <div className="sell-actions">
        <LinkButton to="/assets" width="100%">
          資産状況を見る
        </LinkButton>
        <Button variant="outline" width="100%" onClick={onSellAgain}>
          続けて売却する
        </Button>
      </div>
    </>
  );
}
