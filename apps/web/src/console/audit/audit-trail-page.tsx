import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../components/button/button';
import { PageHeading } from '../../components/page-heading/page-heading';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui';
import { formatJstMinute } from '../../lib/format/jst';
import { auditTrail } from '../api/console-api';
import { auditActionLabel, auditOutcomeLabel, auditSearchText } from '../console-labels';
import { TableScroll } from '../layout/table-scroll';

export const auditTrailQueryKey = ['console', 'auditTrail'] as const;

/**
 * 操作履歴: the signed-in operator's own audited actions (audit_log, security.md 22), newest first: every
 * search, every customer opened and every call made while acting for a customer, allowed or refused.
 */
export function AuditTrailPage() {
  const trail = useInfiniteQuery({
    queryKey: auditTrailQueryKey,
    queryFn: ({ pageParam }) => auditTrail(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.entries.at(-1)?.occurredAt : undefined),
  });
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <>
      <PageHeading title="操作履歴" />
      <p>ご自身の操作の記録です（監査ログ）。お客さまの画面の閲覧は1回の呼び出しごとに記録されます。</p>
      {trail.isPending ? (
        <Skeleton lines={5} label="操作履歴を読み込み中" />
      ) : trail.isError ? (
        <ErrorState what="操作履歴" onRetry={() => void trail.refetch()} retrying={trail.isRefetching} />
      ) : entries.length === 0 ? (
        <EmptyState title="操作の記録はまだありません" />
      ) : (
        <>
          <TableScroll label="操作履歴">
            <table className="console-table">
              <caption className="visually-hidden">操作履歴</caption>
              <thead>
                <tr>
                  <th scope="col">日時</th>
                  <th scope="col">操作</th>
                  <th scope="col">お客さま</th>
                  <th scope="col">内容</th>
                  <th scope="col">結果</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatJstMinute(new Date(entry.occurredAt))}</td>
                    <td>{auditActionLabel(entry.action)}</td>
                    <td>
                      {entry.customer === null
                        ? 'ー'
                        : `${entry.customer.accountNumber} ${entry.customer.name}`}
                    </td>
                    <td>
                      {entry.search !== null ? (
                        auditSearchText(entry.search)
                      ) : entry.method === null || entry.path === null ? (
                        'ー'
                      ) : (
                        <code>{`${entry.method} ${entry.path}`}</code>
                      )}
                    </td>
                    <td>{auditOutcomeLabel(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {trail.hasNextPage ? (
            <Button
              variant="outline"
              loading={trail.isFetchingNextPage}
              onClick={() => void trail.fetchNextPage()}
            >
              さらに表示する
            </Button>
          ) : null}
        </>
      )}
    </>
  );
}
