import type { CreditCard } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { LinkButton } from '../../../components/button/link-button';
import { Badge, Card, DescriptionList, EmptyState, Skeleton, type BadgeTone } from '../../../components/ui';
import { apiErrorCodeOf } from '../api/api-error-code';
import { useCreditCard } from '../api/get-credit-card';
import { UnavailableNote } from './unavailable-note';

/** Where a card is linked (again): the card issuer's linking flow (spec §2 /saisonConnect). */
const cardLinkPath = '/saisonConnect';
/** GET creditCard's pass-through code (spec §8): no card on file. */
const noCreditCard = '400-100';

type CardState = CreditCard['creditCard']['state'];

const stateBadges: Readonly<Record<CardState, { readonly tone: BadgeTone; readonly label: string }>> = {
  ACTIVE: { tone: 'success', label: 'ご利用中' },
  RE_REGISTRATION_REQUIRED: { tone: 'warning', label: '再登録が必要です' },
  NOT_POINTS_CARD: { tone: 'neutral', label: 'ポイント対象外' },
  EXPIRED: { tone: 'danger', label: '有効期限切れ' },
};

/** "2028-03" → "2028年3月". */
function formatExpiry(expiry: string): string {
  const [year, month] = expiry.split('-');
  return `${year}年${Number(month)}月`;
}

function RegisteredCard({ card }: { readonly card: CreditCard['creditCard'] }) {
  const badge = stateBadges[card.state];
  const relink = card.state === 'RE_REGISTRATION_REQUIRED' || card.state === 'EXPIRED';
  return (
    <>
      <p className="mypage-status">
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </p>
      <DescriptionList
        label="登録カード"
        items={[
          { term: 'カード', value: card.cardName },
          { term: 'カード番号', value: `末尾 ${card.last4}` },
          { term: '有効期限', value: formatExpiry(card.expiry) },
          { term: 'ポイント', value: card.pointsEarning ? 'ポイント対象カード' : 'ポイント対象外' },
          { term: '登録日', value: formatJapaneseDate(card.linkedOn) },
        ]}
      />
      {relink ? (
        <p className="mypage-text">
          {card.state === 'EXPIRED'
            ? 'カードの有効期限が切れています。カード払いの積立を続けるには、新しいカードを登録してください。'
            : 'ポイントのご利用には、カードの再登録が必要です。再登録すると、積立のお支払い方法も再登録したカードになります。'}
        </p>
      ) : null}
      <LinkButton to={cardLinkPath} variant="outline" className="mypage-button">
        {relink ? 'カードを再登録する' : '登録カードを変更する'}
      </LinkButton>
    </>
  );
}

/** The credit card on file (spec §7 GET creditCard): registered, 未登録 (400-100), or not available now. */
export function CreditCardCard() {
  const { data, error, isPending, isFetching, refetch } = useCreditCard();
  return (
    <Card title="クレジットカード" className="mypage-credit-card">
      {isPending ? (
        <Skeleton label="クレジットカード" lines={3} />
      ) : apiErrorCodeOf(error) === noCreditCard ? (
        <EmptyState
          title="未登録"
          action={
            <LinkButton to={cardLinkPath} variant="outline" className="mypage-button">
              カードを登録する
            </LinkButton>
          }
        >
          クレジットカードが登録されていません。カードを登録すると、積立をカードでお支払いいただけるほか、貯まったポイントをスポット購入にご利用いただけます。
        </EmptyState>
      ) : error !== null ? (
        <UnavailableNote what="クレジットカードの情報" retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <RegisteredCard card={data.creditCard} />
      )}
    </Card>
  );
}
