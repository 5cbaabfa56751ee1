import type { OrderView } from '@fund/contracts';
import {
  formatAccountType,
  formatJapaneseDateTime,
  formatOrderChannel,
  formatOrderStatus,
  groupDigits,
} from '@fund/domain';
import { useState } from 'react';
import { Button } from '../../../components/button/button';
import {
  Badge,
  DescriptionList,
  InlineQuestion,
  Money,
  NavPrice,
  Units,
  type BadgeTone,
  type DescriptionItem,
} from '../../../components/ui';
import { ApiError } from '../../../lib/api/api-client';
import { useCancelOrder } from '../api/cancel-order';
import { buyCashLine } from '../order-cash-line';
import { OrderTimeline } from './order-timeline';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key';

const statusTones: Record<OrderView['status'], BadgeTone> = {
  ORDERED: 'info',
  EXECUTED: 'warning',
  TRADED: 'success',
  COMPLETED: 'success',
  CANCELED: 'neutral',
};

/** 409-202: priced, already cancelled, or past the cut-off of its 申込日. */
export const cancelRefusedMessage =
  'この注文は取り消せませんでした。取消期限を過ぎたか、すでに約定または取消の手続きが進んでいます。';
const cancelFailedMessage =
  '取り消しを完了できませんでした。通信状況をご確認のうえ、もう一度お試しください。';

function amountItems(order: OrderView): DescriptionItem[] {
  const items: DescriptionItem[] = [];
  if (order.requestedAmount !== null) {
    items.push({ term: '注文金額', value: <Money value={order.requestedAmount} /> });
  } else if (order.requestedUnits !== null) {
    items.push({ term: '注文口数', value: <Units value={order.requestedUnits} /> });
  } else if (order.orderType === 'ALL') {
    items.push({ term: '注文口数', value: '全部解約' });
  }
  if (order.pointsUsed !== '0') {
    items.push({
      term: 'ポイント利用',
      value: `${groupDigits(order.pointsUsed)}ポイント`,
      note: (
        <>
          （<Money value={order.pointsValue} />
          分）
        </>
      ),
    });
  }
  const cash = buyCashLine(order);
  if (cash !== null) items.push({ term: cash.term, value: <Money value={cash.amount} /> });
  if (order.executedPrice !== null) {
    items.push({ term: '約定価額（1万口あたり）', value: <NavPrice value={order.executedPrice} /> });
  }
  if (order.executedUnits !== null)
    items.push({ term: '約定口数', value: <Units value={order.executedUnits} /> });
  if (order.executedAmount !== null)
    items.push({ term: '約定金額', value: <Money value={order.executedAmount} /> });
  if (order.taxWithheld !== '0') {
    items.push(
      order.taxWithheld.startsWith('-')
        ? { term: '還付税額', value: <Money value={order.taxWithheld.slice(1)} /> }
        : { term: '源泉徴収税額', value: <Money value={order.taxWithheld} /> },
    );
  }
  if (order.canceledAt !== null) {
    items.push({
      term: '取消日時',
      value: <time dateTime={order.canceledAt}>{formatJapaneseDateTime(order.canceledAt)}</time>,
    });
  }
  return items;
}

/**
 * One order: fund, status, the 申込日 → 約定日 → 受渡日 steps and its figures; while it can be cancelled,
 * a 取消 button that asks first. One Idempotency-Key per intent: made when the question opens, reused for
 * a retry of the same cancellation.
 */
export function OrderCard({ order }: { readonly order: OrderView }) {
  const cancel = useCancelOrder();
  const [intentKey, setIntentKey] = useState<string | null>(null);
  const refused = cancel.error instanceof ApiError && cancel.error.code === '409-202';
  const titleId = `order-${order.id}-title`;

  const confirm = () => {
    if (intentKey === null) return;
    cancel.mutate(
      { orderId: order.id, idempotencyKey: intentKey },
      {
        onSuccess: () => setIntentKey(null),
        onError: (error) => {
          if (error instanceof ApiError && error.code === '409-202') setIntentKey(null);
        },
      },
    );
  };

  return (
    <li className="history-item order-card" aria-labelledby={titleId}>
      <div className="history-item__header">
        <h2 className="history-item__title" id={titleId}>
          {order.fundName}
        </h2>
        <div className="history-item__badges">
          <Badge tone={statusTones[order.status]}>{formatOrderStatus(order.status)}</Badge>
          <Badge>{formatOrderChannel(order.channel)}</Badge>
          <Badge>{formatAccountType(order.accountType)}</Badge>
        </div>
      </div>
      <OrderTimeline order={order} />
      <DescriptionList items={amountItems(order)} />
      {cancel.isSuccess ? (
        <p className="order-card__message" role="status">
          注文を取り消しました。
        </p>
      ) : null}
      {refused ? (
        <p className="order-card__message order-card__message--error" role="alert">
          {cancelRefusedMessage}
        </p>
      ) : null}
      {order.cancelable && !cancel.isSuccess && !refused ? (
        intentKey === null ? (
          <div className="order-card__actions">
            <Button variant="outline" writes onClick={() => setIntentKey(newIdempotencyKey())}>
              取消
            </Button>
          </div>
        ) : (
          <InlineQuestion
            className="order-card__confirm"
            questionClassName="order-card__question"
            question="この注文を取り消しますか？"
          >
            {cancel.isError ? (
              <p className="order-card__message order-card__message--error" role="alert">
                {cancelFailedMessage}
              </p>
            ) : null}
            <div className="order-card__actions">
              <Button variant="danger" loading={cancel.isPending} onClick={confirm}>
                取り消す
              </Button>
              <Button
                variant="outline"
                disabled={cancel.isPending}
                onClick={() => {
                  setIntentKey(null);
                  cancel.reset();
                }}
              >
                やめる
              </Button>
            </div>
          </InlineQuestion>
        )
      ) : null}
    </li>
  );
}
