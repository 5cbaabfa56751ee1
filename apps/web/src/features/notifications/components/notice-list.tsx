import type { InformationCategoryValue } from '@fund/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import { useInformations } from '../api/get-informations';
import { formatNoticeDate } from '../notice-date';

export interface NoticeListProps {
  readonly category: InformationCategoryValue;
  /** Where a notice opens (the page's `?category&id` address). */
  readonly hrefOf: (id: string) => string;
  /** The notice the customer came back from: its link takes the focus again. */
  readonly focusId?: string | undefined;
}

/** The notices of one category: title, publication day (JST) and an unread mark, newest first. */
export function NoticeList({ category, hrefOf, focusId }: NoticeListProps) {
  const query = useInformations(category);
  const listRef = useRef<HTMLUListElement>(null);
  const notices = query.data?.pages.flatMap((page) => page.informations) ?? [];

  useEffect(() => {
    if (focusId === undefined || !query.isSuccess) return;
    listRef.current?.querySelector<HTMLElement>(`[data-notice-id="${CSS.escape(focusId)}"]`)?.focus();
  }, [focusId, query.isSuccess]);

  if (query.isPending) {
    return (
      <p className="notices__status" role="status">
        お知らせを読み込んでいます…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="notices__status" role="alert">
        <p>お知らせを読み込めませんでした。時間をおいて再度お試しください。</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          再読み込み
        </Button>
      </div>
    );
  }
  if (notices.length === 0) {
    return <p className="notices__status">現在、お知らせはありません。</p>;
  }
  return (
    <>
      <ul className="notices" ref={listRef}>
        {notices.map((notice) => (
          <li key={notice.id} className="notices__item">
            <Link
              to={hrefOf(notice.id)}
              state={{ fromList: true }}
              className={notice.read ? 'notice-link' : 'notice-link notice-link--unread'}
              data-notice-id={notice.id}
            >
              <span className="notice-link__title">{notice.title}</span>
              <span className="notice-link__meta">
                <time dateTime={notice.publishedAt}>{formatNoticeDate(notice.publishedAt)}</time>
                {notice.read ? null : <span className="notice-link__unread">未読</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="notices__more"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          さらに表示
        </Button>
      ) : null}
    </>
  );
}
