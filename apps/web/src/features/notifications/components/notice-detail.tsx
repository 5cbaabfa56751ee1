import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button/button';
import { useReadOnly } from '../../../lib/read-only/read-only';
import { RichText } from '../../../lib/rich-text/rich-text';
import { useInformation } from '../api/get-information';
import { useMarkInformationRead } from '../api/put-information-read';
import { formatNoticeDate } from '../notice-date';

export interface NoticeDetailProps {
  readonly id: string;
  readonly onBack: () => void;
}

/**
 * One notice: its title, day and sanitised body (spec §5). Opening an unread notice marks it read, which
 * lowers the menu badge; not on read-only screens (an operator's view, decision 024): the notice stays
 * unread for the customer.
 */
export function NoticeDetail({ id, onBack }: NoticeDetailProps) {
  const query = useInformation(id);
  const readOnly = useReadOnly();
  const { mutate } = useMarkInformationRead();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const requested = useRef<string | null>(null);
  const notice = query.data?.information;

  useEffect(() => {
    if (readOnly || notice === undefined || notice.read || requested.current === notice.id) return;
    requested.current = notice.id;
    mutate(notice.id);
  }, [readOnly, notice, mutate]);

  // the screen changed in place: its heading takes the focus, as a new page's would
  const loaded = notice !== undefined;
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  const back = (
    <Button variant="outline" className="notice-detail__back" onClick={onBack}>
      お知らせ一覧へ戻る
    </Button>
  );

  if (query.isPending) {
    return (
      <p className="notices__status" role="status">
        お知らせを読み込んでいます…
      </p>
    );
  }
  if (query.isError || notice === undefined) {
    return (
      <div className="notices__status" role="alert">
        <p>お知らせを表示できませんでした。</p>
        {back}
      </div>
    );
  }
  return (
    <article className="notice-detail" aria-labelledby="notice-detail-title">
      <h2 id="notice-detail-title" className="notice-detail__title" tabIndex={-1} ref={headingRef}>
        {notice.title}
      </h2>
      <p className="notice-detail__date">
        <time dateTime={notice.publishedAt}>{formatNoticeDate(notice.publishedAt)}</time>
      </p>
      <RichText html={notice.body} className="notice-detail__body" />
      {back}
    </article>
  );
}
