import type { OrderEstimate, SellOrderRequest } from '@fund/contracts';
import { formatUnits, formatYen } from '@fund/domain';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { Card, DescriptionList, ErrorState, Skeleton } from '../../../../components/ui';
import { ApiError } from '../../../../lib/api/api-client';
import { useOrderEstimate } from '../../shared/api/post-order-estimate';
import { usePlaceSellOrder } from '../../shared/api/post-orders';
import { rememberPlacedSell, sellIntentKey } from '../sell-draft';
import { sellAccountTypeLabel } from '../../shared/sell-labels';
import { sellRefusalOf } from '../../shared/sell-refusals';
import { SellDatesList, SellEstimateList } from './sell-estimate-list';

export interface SellConfirmProps {
  readonly fundName: string;
  readonly request: SellOrderRequest;
  readonly retentionFeeBasisPoints: number | null;
  readonly onBack: () => void;
  readonly onPlaced: () => void;
}

function requestedFigure(request: SellOrderRequest): string {
  if (request.orderType === 'AMOUNT') return `金額指定 ${formatYen(String(request.amount))}`;
  if (request.orderType === 'QUANTITY') return `口数指定 ${formatUnits(String(request.units))}`;
  return '全部解約（保有口数すべて）';
}

/**
 * 売却の確認: the order, the server's estimate said to be one, the dates, then 「売却する」 with the
 * intent's Idempotency-Key (a double tap, a reload or a retry places one order).
 */
export function SellConfirm({
  fundName,
  request,
  retentionFeeBasisPoints,
  onBack,
  onPlaced,
}: SellConfirmProps) {
  // once 売却する is pressed the estimate stays as shown: the order's success marks every query stale, and
  // asking again for units that are now held by the order would only be refused
  const [placing, setPlacing] = useState<OrderEstimate | null>(null);
  const estimate = useOrderEstimate(placing === null ? { side: 'SELL', ...request } : null);
  const shown = placing ?? estimate.data;
  const place = usePlaceSellOrder();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = () => {
    if (shown === undefined) return;
    setPlacing(shown);
    setRefusal(null);
    place.mutate(
      { request, key: sellIntentKey(request) },
      {
        onSuccess: ({ order }) => {
          rememberPlacedSell(request, order);
          onPlaced();
        },
        onError: (error) => setRefusal(sellRefusalOf(error).message),
      },
    );
  };

  return (
    <>
      <Card title="ご注文内容の確認">
        <DescriptionList
          label="ご注文内容"
          items={[
            { term: 'ファンド', value: fundName },
            { term: '口座', value: sellAccountTypeLabel(request.accountType) },
            { term: '売却方法', value: requestedFigure(request) },
          ]}
        />
      </Card>
      <Card title="受取金額の概算">
        {shown !== undefined ? (
          <>
            <p className="sell-note sell-note--strong">
              表示の金額・口数は概算です。ご注文は約定日の基準価額（ブラインド方式）で約定するため、実際の受取金額とは異なります。
            </p>
            <SellEstimateList estimate={shown} retentionFeeBasisPoints={retentionFeeBasisPoints} />
          </>
        ) : estimate.isPending ? (
          <Skeleton label="受取金額の概算" lines={6} />
        ) : estimate.error instanceof ApiError && estimate.error.status < 500 ? (
          <div role="alert" className="sell-form__error">
            <p>{sellRefusalOf(estimate.error).message}</p>
            <Button variant="outline" onClick={onBack}>
              入力内容を変更する
            </Button>
          </div>
        ) : (
          <ErrorState
            what="受取金額の概算"
            retrying={estimate.isFetching}
            onRetry={() => void estimate.refetch()}
          />
        )}
      </Card>
      {shown === undefined ? null : (
        <Card title="お取引の日程">
          <SellDatesList dates={shown.dates} />
        </Card>
      )}
      {refusal === null ? null : (
        <p className="sell-form__error" role="alert">
          {refusal}
        </p>
      )}
      <div className="sell-actions">
        <Button loading={place.isPending} disabled={shown === undefined} width="100%" onClick={submit}>
          売却する
        </Button>
        <Button variant="outline" width="100%" onClick={onBack}>
          入力内容を変更する
        </Button>
      </div>
    </>
  );
}
