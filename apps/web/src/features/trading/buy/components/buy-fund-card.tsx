import type { FundDetail } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { ExternalLink } from '../../../../components/external-link/external-link';
import { Card, NavPrice } from '../../../../components/ui';
import { newIdempotencyKey } from '../../../../lib/api/idempotency-key';
import { useConfirmProspectus } from '../../shared/api/post-prospectus-confirmation';

type Fund = FundDetail['fund'];

/** The fund being bought: its name and latest 基準価額 (1万口あたり) with its 基準日. */
export function BuyFundCard({ fund }: { readonly fund: Fund }) {
  return (
    <Card title={fund.name} className="buy-fund">
      {fund.nav === null || fund.navDate === null ? (
        <p className="buy-flow__note">基準価額はまだありません。</p>
      ) : (
        <p className="buy-flow__figure-line" data-testid="fund-nav">
          基準価額（1万口あたり） <NavPrice value={fund.nav} />
          <span className="buy-flow__note">（{formatJapaneseDate(fund.navDate)}）</span>
        </p>
      )}
      {fund.redemption === null ? null : (
        <p className="buy-flow__alert" role="alert">
          このファンドは{formatJapaneseDate(fund.redemption.date)}に償還されます。ご注文の受付は
          {formatJapaneseDate(fund.redemption.lastOrderDate)}
          まで、積立の新規設定はできません。ご保有の口数は償還日の基準価額（償還価額）で換金し、お預り金に入金します。
        </p>
      )}
      {fund.salesStatus === 'ON_SALE' ? null : (
        <p className="buy-flow__alert" role="alert">
          このファンドは現在ご購入いただけません（
          {fund.salesStatus === 'REDEEMED' ? '償還済み' : '買付停止中'}）。
        </p>
      )}
    </Card>
  );
}

/**
 * 交付目論見書 (domain.md §7): before a purchase the customer confirms the current version; until then
 * the next step stays disabled. One Idempotency-Key for this confirmation, reused by a retry.
 */
export function BuyProspectusNotice({ code, fund }: { readonly code: string; readonly fund: Fund }) {
  const [key] = useState(newIdempotencyKey);
  const confirm = useConfirmProspectus(code);
  const prospectus = fund.prospectus;
  if (prospectus === null || prospectus.confirmed) return null;
  return (
    <Card
      title={prospectus.revisedSinceConfirmation ? '交付目論見書が改訂されました' : '交付目論見書のご確認'}
      className="buy-prospectus"
    >
      <p className="buy-flow__lead">
        {prospectus.revisedSinceConfirmation
          ? '前回ご確認いただいた後に、交付目論見書が改訂されました。'
          : null}
        ご購入の前に、最新の交付目論見書（{formatJapaneseDate(prospectus.effectiveOn)}
        改訂）の内容をご確認ください。ご確認いただくまで、お申し込みに進めません。
      </p>
      <p>
        <ExternalLink href={prospectus.documentUrl} className="buy-prospectus__link">
          交付目論見書を読む（PDF）
        </ExternalLink>
      </p>
      {confirm.isError ? (
        <p className="buy-flow__alert" role="alert">
          確認を記録できませんでした。もう一度お試しください。
        </p>
      ) : null}
      <Button variant="outline" loading={confirm.isPending} onClick={() => confirm.mutate(key)}>
        交付目論見書の内容を確認しました
      </Button>
    </Card>
  );
}
