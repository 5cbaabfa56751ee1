import type { CreditCard } from '@fund/contracts';
import { CardLinkCallbackPath } from '@fund/contracts/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/button/link-button';
import { PageHeading } from '../../components/page-heading/page-heading';
import { Card, DescriptionList, Skeleton } from '../../components/ui';
import { putCreditCard } from './api/card-link-calls';
import { failureOf, isMfaNotCompleted } from './card-link-failure';
import { errorPath, takeMfaState } from './card-link-state';
import { useRunOnce } from './use-run-once';
import './card-link.css';

function expiryText(expiry: string): string {
  const [year, month] = expiry.split('-');
  return `${month}/${year?.slice(2)}`;
}

function Linked({ card }: { readonly card: CreditCard['creditCard'] }) {
  return (
    <Card title="カードを登録しました">
      <p className="card-link__text" role="status">
        {card.pointsEarning
          ? 'ポイントの残高はホームでご確認いただけます。スポット購入の際に、ポイントをご利用いただけます。'
          : 'このカードはポイントの対象外のため、ポイントはご利用いただけません。'}
      </p>
      <DescriptionList
        label="登録したカード"
        items={[
          { term: 'カード', value: card.cardName },
          { term: 'カード番号', value: `**** **** **** ${card.last4}` },
          { term: '有効期限', value: expiryText(card.expiry) },
        ]}
      />
      <div className="card-link__actions">
        <LinkButton to="/" variant="primary">
          ホームへ
        </LinkButton>
        <LinkButton to="/trading" variant="outline">
          ファンドを探す
        </LinkButton>
      </div>
    </Card>
  );
}

/**
 * /saisonConnect/mfa (spec §2): the return from the issuer's multi-factor step (`?state`, or with
 * `error=mfa_failed`). With this tab's state, the card is registered (PUT creditCard); anything else ends
 * on the error pages without registering.
 */
export function SaisonConnectMfaPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [card, setCard] = useState<CreditCard['creditCard'] | null>(null);
  useRunOnce(() => {
    const onetimeToken = takeMfaState(params.get('state'));
    if (onetimeToken === null) return void navigate(errorPath('state'), { replace: true });
    if (params.has('error')) return void navigate(CardLinkCallbackPath.mfaError, { replace: true });
    putCreditCard(onetimeToken).then(
      (answer) => {
        // the point balance, the buy's point section and the card 積立 all follow the card on file
        void queryClient.invalidateQueries();
        setCard(answer.creditCard);
      },
      (reason: unknown) =>
        void navigate(
          isMfaNotCompleted(reason) ? CardLinkCallbackPath.mfaError : errorPath(failureOf(reason)),
          {
            replace: true,
          },
        ),
    );
  });
  return (
    <>
      <PageHeading title="本人認証" />
      {card === null ? (
        <div role="status">
          <p className="card-link__text">カードを登録しています。このままお待ちください。</p>
          <Skeleton label="登録中" lines={2} />
        </div>
      ) : (
        <Linked card={card} />
      )}
    </>
  );
}
