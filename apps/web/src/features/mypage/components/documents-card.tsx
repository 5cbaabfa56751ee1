import type { DeliveredDocumentSummary } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button/button';
import { Badge, Card, EmptyState, List, ListRow, Skeleton } from '../../../components/ui';
import { useDeliveredDocuments } from '../api/get-documents';
import { documentKindLabels } from '../document-kinds';
import { DocumentViewer } from './document-viewer';
import { UnavailableNote } from './unavailable-note';

/** Rows shown at first and added by 「さらに表示」: a customer who trades often has many 取引報告書. */
const pageSize = 10;

/** Newest 交付日 first; the server's order (newest issued first) among documents of the same day. */
function newestFirst(documents: readonly DeliveredDocumentSummary[]): DeliveredDocumentSummary[] {
  return documents
    .map((document, index) => ({ document, index }))
    .sort((a, b) =>
      a.document.issuedOn === b.document.issuedOn
        ? a.index - b.index
        : a.document.issuedOn < b.document.issuedOn
          ? 1
          : -1,
    )
    .map(({ document }) => document);
}

function DocumentList({
  documents,
  shown,
  onShowMore,
  onOpen,
  returnedFrom,
}: {
  readonly documents: readonly DeliveredDocumentSummary[];
  /** Rows shown; kept by the card, so coming back from a document shows the same rows. */
  readonly shown: number;
  readonly onShowMore: () => void;
  readonly onOpen: (document: DeliveredDocumentSummary) => void;
  /** The document just closed: its row gets the focus back. */
  readonly returnedFrom: string | undefined;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const sorted = newestFirst(documents);
  const returnedIndex = sorted.findIndex((document) => document.id === returnedFrom);
  useEffect(() => {
    if (returnedIndex < 0) return;
    listRef.current?.querySelectorAll<HTMLButtonElement>('li > button')[returnedIndex]?.focus();
  }, [returnedIndex]);
  if (documents.length === 0) {
    return (
      <EmptyState title="交付された書面はまだありません。">
        <p>お取引の受渡しが済むと取引報告書が、定期的に取引残高報告書が、ここに届きます。</p>
      </EmptyState>
    );
  }
  return (
    <div ref={listRef}>
      <List label="電子交付書面の一覧">
        {sorted.slice(0, shown).map((document) => (
          <ListRow
            key={document.id}
            title={document.title}
            // the badges under the title, not beside it: a long kind (収益分配金のお知らせ) would squeeze the title
            subtitle={
              <>
                交付日 {formatJapaneseDate(document.issuedOn)}{' '}
                {document.read ? null : <Badge tone="info">未読</Badge>}{' '}
                <Badge>{documentKindLabels[document.kind]}</Badge>
              </>
            }
            onSelect={() => onOpen(document)}
          />
        ))}
      </List>
      {sorted.length > shown ? (
        <Button variant="text" onClick={onShowMore}>
          さらに表示（残り{sorted.length - shown}件）
        </Button>
      ) : null}
    </div>
  );
}

/**
 * 電子交付書面 (issue 16 point 4, decisions 017 and 019): the 取引報告書 of each trade, the 取引残高報告書 and
 * the 特定口座年間取引報告書 in one list (`GET /v1/documents`), newest first; a document opens in place
 * (`GET /v1/documents/{id}`) and 「一覧に戻る」 comes back to the list: no window, no popup. A document the
 * customer has not opened yet carries 「未読」; opening it marks it read (`PUT /v1/documents/{id}/read`).
 */
export function DocumentsCard() {
  const { data, error, isPending, isFetching, refetch } = useDeliveredDocuments();
  const [opened, setOpened] = useState<DeliveredDocumentSummary | undefined>(undefined);
  const [closedId, setClosedId] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState(pageSize);
  return (
    <Card title="電子交付書面" className="mypage-documents">
      <p className="mypage-text">
        取引報告書（お取引ごと）・取引残高報告書・特定口座年間取引報告書・収益分配金や償還金のお知らせを、交付日の新しい順にひとつの一覧でご覧いただけます。
      </p>
      {opened !== undefined ? (
        <DocumentViewer
          key={opened.id}
          summary={opened}
          onClose={() => {
            setClosedId(opened.id);
            setOpened(undefined);
          }}
        />
      ) : isPending ? (
        <Skeleton label="電子交付書面" lines={4} />
      ) : error !== null ? (
        <UnavailableNote what="電子交付書面" retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <DocumentList
          documents={data.documents}
          shown={shown}
          onShowMore={() => setShown((count) => count + pageSize)}
          onOpen={setOpened}
          returnedFrom={closedId}
        />
      )}
    </Card>
  );
}
