import type { AccountRoleType, FundDetail } from '@fund/contracts';
import { useId } from 'react';
import { Button } from '../../../../components/button/button';
import { LinkButton } from '../../../../components/button/link-button';
import { salesStatusBlock } from './fund-labels';

type Fund = FundDetail['fund'];

/** Why this customer cannot buy the fund now, or null when 購入する is open. */
export function buyBlock(fund: Fund): string | null {
  const sales = salesStatusBlock(fund.salesStatus);
  if (sales !== null) return sales;
  if (fund.prospectus === null) return '交付目論見書が掲載されるまで、ご購入いただけません。';
  if (fund.prospectus.revisedSinceConfirmation) {
    return '交付目論見書が改訂されました。購入するには、改訂後の目論見書をお読みのうえ「目論見書を確認しました」を押してください。';
  }
  if (!fund.prospectus.confirmed) {
    return '購入するには、交付目論見書をお読みのうえ「目論見書を確認しました」を押してください。';
  }
  return null;
}

/** A button that cannot be used now, with the reason read with it. */
function Blocked({ label, reason }: { readonly label: string; readonly reason: string }) {
  const reasonId = useId();
  return (
    <div className="fund-actions__blocked">
      <Button disabled aria-describedby={reasonId} width="100%">
        {label}
      </Button>
      <p id={reasonId} className="fund-actions__reason">
        {reason}
      </p>
    </div>
  );
}

/**
 * What the customer can do with the fund: 購入する (once its prospectus is confirmed), 積立を設定する,
 * and 売却する when they hold it. Junior NISA accounts buy nothing new since 2024; an unknown role
 * (profile not loaded) is offered only what every role may do.
 */
export function FundActions({
  fund,
  accountRole: role,
  held,
}: {
  readonly fund: Fund;
  readonly accountRole: AccountRoleType | null;
  readonly held: boolean;
}) {
  const canPurchase = role !== null && role !== 'JUNIOR_NISA';
  const block = buyBlock(fund);
  const salesBlock = salesStatusBlock(fund.salesStatus);
  return (
    <div className="fund-actions">
      {canPurchase ? (
        <>
          {block === null ? (
            <LinkButton to={`/trading/buy/${fund.code}/input`} width="100%">
              購入する
            </LinkButton>
          ) : (
            <Blocked label="購入する" reason={block} />
          )}
          {salesBlock === null ? (
            <LinkButton to={`/trading/scheduledBuy/${fund.code}/inputType`} variant="outline" width="100%">
              積立を設定する
            </LinkButton>
          ) : (
            <Blocked label="積立を設定する" reason={salesBlock} />
          )}
        </>
      ) : role === 'JUNIOR_NISA' ? (
        <p className="fund-actions__reason">
          ジュニアNISA口座では、2024年以降、新しい購入・積立はできません。
        </p>
      ) : null}
      {held ? (
        <LinkButton to={`/trading/sell/${fund.code}`} variant="outline" width="100%">
          売却する
        </LinkButton>
      ) : null}
    </div>
  );
}
