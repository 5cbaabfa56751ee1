import type { FundDetail } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { useId, useState } from 'react';
import { Button } from '../../../../components/button/button';
import { ExternalLink } from '../../../../components/external-link/external-link';
import { Badge, DescriptionList } from '../../../../components/ui';
import { newIdempotencyKey } from '../../../../lib/api/idempotency-key';
import { useFocusOnMount } from '../../../../lib/dom/use-focus-on-mount';
import { useConfirmProspectus } from '../api/post-prospectus-confirmation';

type Prospectus = NonNullable<FundDetail['fund']['prospectus']>;

function ConfirmProspectus({ code, prospectus }: { readonly code: string; readonly prospectus: Prospectus }) {
  // one intent, one key: a retry after a lost answer or a double tap confirms this version once
  const [key] = useState(newIdempotencyKey);
  const confirm = useConfirmProspectus(code);
  const noteId = useId();
  return (
    <div className="prospectus__confirm">
      <p id={noteId} className="fund-detail__note">
        {prospectus.revisedSinceConfirmation
          ? `交付目論見書は${formatJapaneseDate(prospectus.effectiveOn)}に改訂されました（第${prospectus.version}版）。改訂後の内容を必ずお読みください。お読みいただいたら、下のボタンを押してください。`
          : `ご購入の前に、最新の交付目論見書（第${prospectus.version}版）を必ずお読みください。お読みいただいたら、下のボタンを押してください。`}
      </p>
      <Button
        variant="secondary"
        writes
        loading={confirm.isPending}
        aria-describedby={noteId}
        onClick={() => confirm.mutate(key)}
      >
        目論見書を確認しました
      </Button>
    </div>
  );
}

/**
 * Said, with the focus, once the customer's confirmation is recorded: the button they pressed is gone,
 * and the focus would otherwise fall to <body>.
 */
function ConfirmedNow() {
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p ref={ref} className="fund-detail__note" role="status" tabIndex={-1}>
      交付目論見書の確認を記録しました。このファンドをご購入いただけます。
    </p>
  );
}

/**
 * 交付目論見書 (domain.md §7): its version and effective date, the document, and the customer's
 * confirmation of this version, without which the fund cannot be bought.
 */
export function ProspectusSection({
  code,
  prospectus,
  headingId,
}: {
  readonly code: string;
  readonly prospectus: Prospectus | null;
  readonly headingId: string;
}) {
  // confirmed while on this screen (not already when it opened): say so where the button was
  const [seenUnconfirmed, setSeenUnconfirmed] = useState(false);
  if (prospectus !== null && !prospectus.confirmed && !seenUnconfirmed) setSeenUnconfirmed(true);
  return (
    <section className="fund-detail__part" aria-labelledby={headingId}>
      <h4 id={headingId} className="fund-detail__heading">
        交付目論見書
      </h4>
      {prospectus === null ? (
        <p className="fund-detail__note">このファンドの交付目論見書は、まだ掲載されていません。</p>
      ) : (
        <>
          <DescriptionList
            label="交付目論見書"
            items={[
              { term: '版', value: `第${prospectus.version}版` },
              { term: '効力発生日', value: formatJapaneseDate(prospectus.effectiveOn) },
              {
                term: '確認状況',
                value: prospectus.confirmed ? (
                  <Badge tone="success">確認済み</Badge>
                ) : (
                  <Badge tone="warning">
                    {prospectus.revisedSinceConfirmation ? '改訂後の版が未確認' : '未確認'}
                  </Badge>
                ),
              },
            ]}
          />
          <p className="prospectus__document">
            <ExternalLink href={prospectus.documentUrl} className="prospectus__link">
              交付目論見書を読む
            </ExternalLink>
          </p>
          {prospectus.confirmed ? (
            seenUnconfirmed ? (
              <ConfirmedNow />
            ) : null
          ) : (
            // a new version is a new intent: the key is made afresh for it
            <ConfirmProspectus key={prospectus.version} code={code} prospectus={prospectus} />
          )}
        </>
      )}
    </section>
  );
}
