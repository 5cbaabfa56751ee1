import type { OrderEstimate } from '@fund/contracts';
import { formatJapaneseDate, formatJapaneseDateTime } from '@fund/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { courseLabels } from '../../../lib/fund-life/distribution-course-words';
import { Button } from '../../../components/button/button';
import { LinkButton } from '../../../components/button/link-button';
import { PageHeading } from '../../../components/page-heading/page-heading';
import {
  Card,
  DescriptionList,
  Money,
  NavPrice,
  Points,
  Skeleton,
  Units,
  type DescriptionItem,
} from '../../../components/ui';
import { ApiError } from '../../../lib/api/api-client';
import type { PageModule } from '../../../lib/routing/page-module';
import { useFund } from '../shared/api/get-fund';
import { placedBuyOrderQueryOptions } from './api/get-placed-buy-order';
import { useOrderEstimate } from '../shared/api/post-order-estimate';
import { usePlaceBuyOrder } from '../shared/api/post-orders';
import { tradingQueryKeys } from '../shared/api/trading-query-keys';
import {
  buyRequestOf,
  draftFromSearchParams,
  draftSearchParams,
  estimateRequestOf,
  intentKeyFor,
  type BuyDraft,
} from './buy-draft';
import { accountLabels, refusalOf, taxNotes } from './buy-messages';
import { BuyCompletion } from './components/buy-completion';
import './buy-flow.css';

const orderIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function inputPath(code: string, draft: BuyDraft, refusalCode?: string): string {
  const params = draftSearchParams(draft);
  if (refusalCode !== undefined) params.set('refusal', refusalCode);
  return `/trading/buy/${code}/input?${params.toString()}`;
}

function orderItems(fundName: string, draft: BuyDraft, estimate: OrderEstimate): DescriptionItem[] {
  return [
    { term: 'ファンド', value: fundName },
    { term: '購入方法', value: draft.orderType === 'AMOUNT' ? '金額指定' : '口数指定' },
    { term: '口座区分', value: accountLabels[draft.accountType] },
    { term: '分配金の受取方法', value: courseLabels[draft.course] },
    draft.orderType === 'AMOUNT'
      ? { term: '購入金額', value: <Money value={estimate.amount} /> }
      : { term: '購入口数', value: <Units value={estimate.units} /> },
    draft.orderType === 'AMOUNT'
      ? { term: '概算口数', value: <Units value={estimate.units} />, note: '約定日の基準価額で決まります' }
      : { term: '概算金額', value: <Money value={estimate.amount} />, note: '約定日の基準価額で決まります' },
    {
      term: '基準価額（1万口あたり）',
      value: <NavPrice value={estimate.pricePer10k} />,
      note: `${formatJapaneseDate(estimate.priceDate)}（概算に使用）`,
    },
  ];
}

function paymentItems(estimate: OrderEstimate): DescriptionItem[] {
  const items: DescriptionItem[] = [{ term: 'お支払い方法', value: 'お預り金から（口座振替）' }];
  if (estimate.points !== '0')
    items.push({
      term: 'ご利用ポイント',
      value: <Points value={estimate.points} />,
      note: (
        <>
          <Money value={estimate.pointsValue} />
          分をお支払いに充当
        </>
      ),
    });
  items.push({
    term: 'お預り金からのお支払い',
    value: <Money value={estimate.cashAmount} />,
    ...(estimate.orderType === 'QUANTITY'
      ? { note: '基準価額の変動に備えた余裕分を含みます。約定後に精算します' }
      : {}),
  });
  return items;
}

function dateItems(estimate: OrderEstimate): DescriptionItem[] {
  const { dates } = estimate;
  return [
    { term: '申込日', value: formatJapaneseDate(dates.applicationDate) },
    { term: '約定日', value: formatJapaneseDate(dates.tradeDate), note: 'この日の基準価額で購入します' },
    { term: '受渡日', value: formatJapaneseDate(dates.settlementDate) },
    { term: '取消期限', value: `${formatJapaneseDateTime(dates.cancelDeadline)}まで` },
  ];
}

function nisaItems(nisa: NonNullable<OrderEstimate['nisa']>): DescriptionItem[] {
  return [
    { term: '利用する枠', value: `成長投資枠（${nisa.year}年）` },
    { term: '今回の利用額', value: <Money value={nisa.amount} alwaysShown /> },
    {
      term: `${nisa.year}年の成長投資枠の残り（購入後）`,
      value: <Money value={nisa.annualRoomAfter} alwaysShown />,
    },
    {
      term: '成長投資枠の生涯の残り（購入後）',
      value: <Money value={nisa.growthLifetimeRoomAfter} alwaysShown />,
    },
    {
      term: '生涯の非課税限度額の残り（購入後）',
      value: <Money value={nisa.lifetimeRoomAfter} alwaysShown />,
    },
  ];
}

function BuyConfirm({ code, draft }: { readonly code: string; readonly draft: BuyDraft }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fund = useFund(code);
  const estimate = useOrderEstimate(estimateRequestOf(code, draft));
  // the intent's key: made the first time this draft's confirmation opens, reused by a reload or a retry
  const [key] = useState(() => intentKeyFor(code, draft));
  const place = usePlaceBuyOrder();
  // a second tap before the first answer is not sent at all (the key would make it harmless anyway)
  const placing = useRef(false);

  const onPlace = () => {
    if (placing.current) return;
    placing.current = true;
    place.mutate(
      { request: buyRequestOf(code, draft), key },
      {
        onSuccess: ({ order }) => {
          queryClient.setQueryData(placedBuyOrderQueryOptions(order.id).queryKey, { order });
          void navigate({ search: `?order=${order.id}` }, { replace: true });
        },
        onError: (error) => {
          placing.current = false;
          if (error instanceof ApiError && error.code === '409-201')
            void queryClient.invalidateQueries({ queryKey: tradingQueryKeys.fund(code) });
        },
      },
    );
  };

  if (estimate.isPending) return <Skeleton label="ご注文の概算" lines={10} />;
  if (estimate.isError) {
    const refusal = refusalOf(estimate.error);
    return (
      <Card>
        <p className="buy-flow__alert" role="alert">
          {refusal.message}
        </p>
        <div className="buy-flow__actions">
          {refusal.retryable ? (
            <Button
              variant="primary"
              width="100%"
              onClick={() => void estimate.refetch()}
              loading={estimate.isFetching}
            >
              再読み込み
            </Button>
          ) : null}
          <LinkButton
            to={inputPath(code, draft, estimate.error instanceof ApiError ? estimate.error.code : undefined)}
            variant="outline"
            width="100%"
          >
            入力画面に戻る
          </LinkButton>
        </div>
      </Card>
    );
  }
  const figures = estimate.data;
  const refusal = place.error === null ? null : refusalOf(place.error);
  const refusalCode = place.error instanceof ApiError ? place.error.code : undefined;
  const fundName = fund.data?.fund.name ?? code;
  return (
    <>
      <Card>
        <p className="buy-flow__estimate-notice">
          <strong>概算</strong>
          表示の口数・金額は{formatJapaneseDate(figures.priceDate)}
          の基準価額による概算です。実際の口数（金額）は約定日の基準価額で決まります。
        </p>
        <DescriptionList label="ご注文内容" items={orderItems(fundName, draft, figures)} />
      </Card>
      <Card title="お支払い">
        <DescriptionList label="お支払い" items={paymentItems(figures)} />
      </Card>
      <Card title="日程">
        <DescriptionList label="日程" items={dateItems(figures)} />
      </Card>
      <Card title={figures.nisa === null ? '税金' : 'NISA・税金'}>
        {figures.nisa === null ? null : <DescriptionList label="NISA" items={nisaItems(figures.nisa)} />}
        <p className="buy-flow__note">{taxNotes[draft.accountType]}</p>
      </Card>
      {figures.prospectusConfirmed ? null : (
        <p className="buy-flow__alert" role="alert">
          ご購入の前に、最新の交付目論見書をご確認ください。入力画面で確認できます。
        </p>
      )}
      {refusal === null ? null : (
        <p className="buy-flow__alert" role="alert">
          {refusal.message}
        </p>
      )}
      <div className="buy-flow__actions">
        {refusal !== null && !refusal.retryable ? null : (
          <Button
            variant="primary"
            width="100%"
            loading={place.isPending}
            disabled={!figures.prospectusConfirmed}
            onClick={onPlace}
          >
            {refusal === null ? '注文する' : 'もう一度注文する'}
          </Button>
        )}
        <LinkButton to={inputPath(code, draft, refusalCode)} variant="outline" width="100%">
          {refusal === null ? '入力内容を変更する' : '入力画面に戻る'}
        </LinkButton>
      </div>
    </>
  );
}

/** No draft in the address (opened directly, or changed by hand): the way back to input. */
function NoDraft({ code }: { readonly code: string }) {
  return (
    <Card>
      <p className="buy-flow__lead">ご注文の内容が見つかりません。購入金額の入力からお手続きください。</p>
      <LinkButton to={`/trading/buy/${code}/input`} variant="primary" width="100%">
        購入金額の入力へ
      </LinkButton>
    </Card>
  );
}

/**
 * 購入内容の確認 (spec §2 /trading/buy/{code}/confirm, issue 15 point 2): the estimate of the draft in
 * the address, said to be an estimate, with its dates, points, cash, NISA and tax; 注文する places it with
 * the intent's Idempotency-Key; the completion replaces the address with the order's id.
 */
export function BuyConfirmPage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const orderId = params.get('order');
  if (orderId !== null && orderIdPattern.test(orderId))
    return (
      <div className="buy-flow">
        {/* the same page with the order's id: a heading of its own that takes the focus 注文する had */}
        <PageHeading key="placed" title="注文を受け付けました" focusOnMount />
        <BuyCompletion orderId={orderId} />
      </div>
    );
  const draft = draftFromSearchParams(params);
  return (
    <div className="buy-flow">
      <PageHeading title="購入内容の確認" />
      {draft === null ? <NoDraft code={code} /> : <BuyConfirm code={code} draft={draft} />}
    </div>
  );
}

export const buyConfirmPage: PageModule = { Component: BuyConfirmPage };
