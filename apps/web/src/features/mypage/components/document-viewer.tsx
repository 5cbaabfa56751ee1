import { formatJapaneseDate } from '@fund/domain';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button/button';
import { Badge, Skeleton } from '../../../components/ui';
import { useReadOnly } from '../../../lib/read-only/read-only';
import { RichText } from '../../../lib/rich-text/rich-text';
import { useDeliveredDocument } from '../api/get-documents';
import { useMarkDocumentRead } from '../api/put-document-read';
import { documentKindLabels } from '../document-kinds';
import { UnavailableNote } from './unavailable-note';

/**
 * One 電子交付書面 opened inside my page (`GET /v1/documents/{id}`): its kind, 交付日 and the document as
 * issued, through the notices' sanitiser (tables and headings are kept). Focus moves to its heading, so a
 * screen reader hears which document opened and the page scrolls to it. Once shown, an unread document
 * is marked read (its 未読 badge goes); not on read-only screens (an operator's view, decision 024): the
 * document stays unread for the customer, as an opened notice does.
 */
export function DocumentViewer({
  summary,
  onClose,
}: {
  readonly summary: { readonly id: string; readonly title: string };
  readonly onClose: () => void;
}) {
  const { data, error, isPending, isFetching, refetch } = useDeliveredDocument(summary.id);
  const readOnly = useReadOnly();
  const { mutate } = useMarkDocumentRead();
  const requested = useRef<string | null>(null);
  const document = data?.document;
  useEffect(() => {
    if (readOnly || document === undefined || document.read || requested.current === document.id) return;
    requested.current = document.id;
    mutate(document.id);
  }, [readOnly, document, mutate]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className="mypage-document" aria-labelledby="mypage-document-title">
      <h3 id="mypage-document-title" className="mypage-document__title" ref={headingRef} tabIndex={-1}>
        {summary.title}
      </h3>
      {isPending ? (
        <Skeleton label={summary.title} lines={6} />
      ) : error !== null ? (
        <UnavailableNote what="書面の内容" retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <>
          <p className="mypage-note">
            <Badge tone="info">{documentKindLabels[data.document.kind]}</Badge> 交付日{' '}
            {formatJapaneseDate(data.document.issuedOn)}
          </p>
          <RichText className="mypage-document__body" html={data.document.body} />
        </>
      )}
      <Button variant="outline" className="mypage-button" onClick={onClose}>
        一覧に戻る
      </Button>
    </section>
  );
}
