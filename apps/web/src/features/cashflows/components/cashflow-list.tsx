import { formatJapaneseDate } from '@fund/domain';
import { LinkButton } from '../../../components/button/link-button';
import { EmptyState, ErrorState, List, ListRow, Money, Skeleton } from '../../../components/ui';
import { useCashflows } from '../api/get-cashflows';
import type { CashflowFilter } from '../history-filters';
import { emptyTitle } from './period-filter';
import { MoreButton } from './more-button';

const typeWords = { all: '入出金', deposit: '入金', withdraw: '出金' } as const;

/** What 入出金 lists (decision 038): every movement of お預り金, both ways, one rule for both sides. */
export const cashflowRule =
  'お預り金に入ったお金（ご入金、毎月の入金、解約代金、分配金、償還金など）と、出ていったお金（お預り金からお支払いした買付代金、銀行口座へのお支払いなど）をすべて表示します。買付代金と解約代金は受渡日、分配金は支払開始日の日付で表示します。分配金と償還金は税引後の金額です。';

/** 入出金: each deposit and withdrawal with its day and signed amount, newest first, under the rule. */
export function CashflowList({ filter }: { readonly filter: CashflowFilter }) {
  const query = useCashflows(filter);
  if (query.isPending) return <Skeleton label="入出金の履歴" lines={6} />;
  if (query.isError) {
    return (
      <ErrorState what="入出金の履歴" retrying={query.isRefetching} onRetry={() => void query.refetch()} />
    );
  }
  const cashflows = query.data.pages.flatMap((page) => page.cashflows);
  if (cashflows.length === 0) {
    const what = typeWords[filter.type];
    return filter.period === 'all' && filter.type === 'all' ? (
      <EmptyState
        title="入出金の履歴はまだありません。"
        action={
          <LinkButton variant="outline" to="/trading/monthlyDeposit">
            毎月の入金を設定する
          </LinkButton>
        }
      >
        お預り金への入金や出金があると、ここに表示されます。
      </EmptyState>
    ) : (
      <EmptyState title={emptyTitle(what, filter.period)}>期間や種類を変えてお確かめください。</EmptyState>
    );
  }
  const total = query.data.pages[0]?.paging.total ?? cashflows.length;
  return (
    <>
      <p className="history__rule">{cashflowRule}</p>
      <p className="history__count">{`${total.toLocaleString('ja-JP')}件中 ${cashflows.length.toLocaleString('ja-JP')}件を表示`}</p>
      <List label="入出金の履歴">
        {cashflows.map((cashflow) => (
          <ListRow
            key={cashflow.id}
            title={cashflow.description}
            subtitle={
              <>
                <time dateTime={cashflow.occurredOn}>{formatJapaneseDate(cashflow.occurredOn)}</time>
                {cashflow.type === 'deposit' ? '・入金' : '・出金'}
                {cashflow.taxWithheld === '0' ? null : (
                  <>
                    ・源泉徴収税額 <Money value={cashflow.taxWithheld} />
                  </>
                )}
              </>
            }
            value={
              <Money
                tone="signed"
                value={cashflow.type === 'withdraw' ? `-${cashflow.amount}` : cashflow.amount}
              />
            }
          />
        ))}
      </List>
      {query.hasNextPage ? (
        <MoreButton loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />
      ) : null}
    </>
  );
}
