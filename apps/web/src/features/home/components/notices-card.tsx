import { formatJapaneseDate, jstDateOf } from '@fund/domain';
import { Link } from 'react-router';
import { Badge, Card, EmptyState, ErrorState, List, ListRow, Skeleton } from '../../../components/ui';
import { useUiStore } from '../../../lib/store/ui-store';
import { useImportantNotices } from '../api/get-important-notices';

function noticeAddress(id: string): string {
  return `/notifications?${new URLSearchParams({ category: 'important', id }).toString()}`;
}

/** Unread notices: the count of the menu's badge and the newest important notices. */
export function NoticesCard() {
  const unread = useUiStore((state) => state.unreadInformationCount);
  const { data, isPending, isError, isRefetching, refetch } = useImportantNotices();
  // the line never contradicts the list below it: a count not yet known (or behind) is at least the
  // unread notices shown (issue 25)
  const listedUnread = data?.informations.filter((notice) => !notice.read).length ?? 0;
  const count = Math.max(unread, listedUnread);
  return (
    <Card title="お知らせ" className="home-notices" action={<Link to="/notifications">すべて見る</Link>}>
      <p className="home-notices__unread" data-testid="unread-count">
        {count > 0 ? `未読のお知らせが${count}件あります。` : '未読のお知らせはありません。'}
      </p>
      {isPending ? (
        <Skeleton label="重要なお知らせ" lines={3} />
      ) : isError ? (
        <ErrorState what="重要なお知らせ" retrying={isRefetching} onRetry={() => void refetch()} />
      ) : data.informations.length === 0 ? (
        <EmptyState title="重要なお知らせはありません。" />
      ) : (
        <List label="重要なお知らせ">
          {data.informations.map((notice) => (
            <ListRow
              key={notice.id}
              to={noticeAddress(notice.id)}
              title={notice.title}
              subtitle={formatJapaneseDate(jstDateOf(new Date(notice.publishedAt)))}
              valueNote={notice.read ? undefined : <Badge tone="info">未読</Badge>}
            />
          ))}
        </List>
      )}
    </Card>
  );
}
