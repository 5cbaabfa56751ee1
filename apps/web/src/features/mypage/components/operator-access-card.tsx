import type { OperatorAccess, OperatorAccessArea } from '@fund/contracts';
import { formatJapaneseDateWithWeekday, jstMinutesOfDay } from '@fund/domain';
import { Button } from '../../../components/button/button';
import { Card, EmptyState, List, ListRow, Skeleton } from '../../../components/ui';
import { useOperatorAccesses } from '../api/get-operator-accesses';
import { UnavailableNote } from './unavailable-note';

/** What an operator viewed, in the words of the app's own screens. */
const areaLabels: Readonly<Record<OperatorAccessArea, string>> = {
  assets: '資産',
  history: '取引履歴',
  orders: '注文・積立',
  documents: '電子交付書面',
  payment: 'お支払い方法',
  account: 'お客さま情報',
  notices: 'お知らせ',
  security: 'ログイン・セキュリティ情報',
  funds: 'ファンド情報',
  other: 'その他',
};

/** 9:05 on the Japanese clock. */
function jstTime(instant: string): string {
  const minutes = jstMinutesOfDay(new Date(instant));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

function timeSpan({ firstAt, lastAt }: OperatorAccess): string {
  const first = jstTime(firstAt);
  const last = jstTime(lastAt);
  return first === last ? first : `${first}〜${last}`;
}

function AccessList({ accesses }: { readonly accesses: readonly OperatorAccess[] }) {
  return (
    <List label="担当者による閲覧の記録">
      {accesses.map((access) => (
        <ListRow
          key={`${access.date}-${access.firstAt}`}
          title={`${formatJapaneseDateWithWeekday(access.date)} ${timeSpan(access)}`}
          subtitle={`${access.actor}が閲覧：${access.areas.map((area) => areaLabels[area]).join('・')}`}
        />
      ))}
    </List>
  );
}

function Accesses() {
  const { data, error, isPending, isFetching, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useOperatorAccesses();
  if (isPending) return <Skeleton label="担当者による閲覧の記録" lines={2} />;
  if (error !== null)
    return (
      <UnavailableNote what="担当者による閲覧の記録" retrying={isFetching} onRetry={() => void refetch()} />
    );
  const accesses = data.pages.flatMap((page) => page.accesses);
  if (accesses.length === 0) return <EmptyState title="担当者による閲覧の記録はありません。" />;
  return (
    <>
      <AccessList accesses={accesses} />
      {hasNextPage ? (
        <Button variant="text" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          さらに表示
        </Button>
      ) : null}
    </>
  );
}

/**
 * 担当者による閲覧の記録 (decision 025): when a call-centre operator opened the customer's account, e.g.
 * during a phone inquiry, and what they saw, so that the customer can notice a view they did not ask for.
 */
export function OperatorAccessCard() {
  return (
    <Card title="担当者による閲覧の記録" className="mypage-operator-access">
      <p className="mypage-note">
        お問い合わせへの対応などで、コールセンター担当者がお客さまの口座情報を閲覧した日時と内容です。お心当たりのない記録がある場合は、お問い合わせ窓口までご連絡ください。
      </p>
      <Accesses />
    </Card>
  );
}
