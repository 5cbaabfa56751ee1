import type { Trades } from '@fund/contracts';
import { formatAccountType, formatJapaneseDate } from '@fund/domain';
import { LinkButton } from '../../../components/button/link-button';
import {
  Badge,
  DescriptionList,
  EmptyState,
  ErrorState,
  Money,
  NavPrice,
  Skeleton,
  Units,
  type DescriptionItem,
} from '../../../components/ui';
import { useTrades } from '../api/get-trades';
import type { TradeFilter } from '../history-filters';
import { tradeSideLabel, tradeTypeLabels } from '../history-labels';
import { MoreButton } from './more-button';
import { emptyTitle } from './period-filter';

type Trade = Trades['trades'][number];

/** 源泉徴収税額 (withheld) or 還付税額 (refunded, a negative figure in the API), never both. */
function taxItem(trade: Trade): DescriptionItem | null {
  const tax = trade.taxWithheld;
  if (tax === '0')
    return trade.type === 'FUND' && trade.side === 'SELL'
      ? { term: '源泉徴収税額', value: <Money value="0" /> }
      : null;
  return tax.startsWith('-')
    ? { term: '還付税額', value: <Money value={tax.slice(1)} /> }
    : { term: '源泉徴収税額', value: <Money value={tax} /> };
}

function TradeItem({ trade }: { readonly trade: Trade }) {
  const side = tradeSideLabel(trade);
  const title =
    trade.fund?.name ?? (trade.type === 'CASH_TRANSFER' ? `お預り金の${side}` : tradeTypeLabels[trade.type]);
  const items: DescriptionItem[] = [
    { term: '約定日', value: <time dateTime={trade.tradeDate}>{formatJapaneseDate(trade.tradeDate)}</time> },
    {
      term: '受渡日',
      value: <time dateTime={trade.settlementDate}>{formatJapaneseDate(trade.settlementDate)}</time>,
    },
  ];
  if (trade.pricePer10k !== null) {
    items.push({ term: '基準価額（1万口あたり）', value: <NavPrice value={trade.pricePer10k} /> });
  }
  if (trade.units !== null) items.push({ term: '口数', value: <Units value={trade.units} /> });
  items.push({
    term: trade.type === 'CAPITAL_GAIN' ? '税額' : '受渡金額',
    value: <Money value={trade.amount} />,
  });
  // a CAPITAL_GAIN row's amount is the tax itself; the fund's sell beside it carries the tax line
  const tax = trade.type === 'CAPITAL_GAIN' ? null : taxItem(trade);
  if (tax !== null) items.push(tax);
  return (
    <li className="history-item">
      <div className="history-item__header">
        <h2 className="history-item__title">{title}</h2>
        <div className="history-item__badges">
          <Badge tone={trade.side === 'BUY' || trade.side === 'IN' ? 'info' : 'warning'}>{side}</Badge>
          <Badge>{tradeTypeLabels[trade.type]}</Badge>
          {trade.accountType === null ? null : <Badge>{formatAccountType(trade.accountType)}</Badge>}
        </div>
      </div>
      <DescriptionList items={items} />
    </li>
  );
}

/** 取引履歴: each trade with 約定日, 受渡日, price, units, amount and tax; newest 受渡日 first. */
export function TradeList({ filter }: { readonly filter: TradeFilter }) {
  const query = useTrades(filter);
  if (query.isPending) return <Skeleton label="取引履歴" lines={8} />;
  if (query.isError) {
    return <ErrorState what="取引履歴" retrying={query.isRefetching} onRetry={() => void query.refetch()} />;
  }
  const trades = query.data.pages.flatMap((page) => page.trades);
  if (trades.length === 0) {
    return filter.period === 'all' && filter.type === 'ALL' ? (
      <EmptyState
        title="お取引の履歴はまだありません。"
        action={
          <LinkButton variant="outline" to="/trading">
            ファンドを探す
          </LinkButton>
        }
      >
        ファンドを購入すると、約定と受渡の内容がここに表示されます。
      </EmptyState>
    ) : (
      <EmptyState
        title={emptyTitle(
          filter.type === 'ALL' ? 'お取引' : tradeTypeLabels[filter.type] + 'のお取引',
          filter.period,
        )}
      >
        期間や種類を変えてお確かめください。
      </EmptyState>
    );
  }
  const total = query.data.pages[0]?.paging.total ?? trades.length;
  return (
    <>
      <p className="history__count">{`${total.toLocaleString('ja-JP')}件中 ${trades.length.toLocaleString('ja-JP')}件を表示`}</p>
      <ul className="history-items" aria-label="取引履歴">
        {trades.map((trade) => (
          <TradeItem key={trade.id} trade={trade} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <MoreButton loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />
      ) : null}
    </>
  );
}
