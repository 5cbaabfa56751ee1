import type { SaisonConnectErrorCode as ContractCodes } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { Button } from '../../../components/button/button';
import { LinkButton } from '../../../components/button/link-button';
import { Card, Points, Skeleton } from '../../../components/ui';
import { ApiError } from '../../../lib/api/api-client';
import { usePoint } from '../api/get-point';

/** Where a card is registered (again): the card issuer's linking flow (spec §2 /saisonConnect). */
const cardLinkPath = '/saisonConnect';

// The contract's codes, checked against it at compile time: the page imports the contracts' types only,
// so zod stays out of its chunk.
const SaisonConnectErrorCode: typeof ContractCodes = {
  noCreditCard: '400-100',
  reRegistrationRequired: '400-101',
  pointsCardRequired: '400-102',
  reRegistrationRequiredAgain: '400-103',
  cardServiceUnavailable: '400-503',
};

type PointState = 'no-card' | 're-register' | 'not-eligible' | 'maintenance';

/** Spec §8's point-use messages: what each answer of the point call means for the customer. */
function stateOf(error: Error): PointState {
  const code = error instanceof ApiError ? error.code : undefined;
  switch (code) {
    case SaisonConnectErrorCode.noCreditCard:
      return 'no-card';
    case SaisonConnectErrorCode.reRegistrationRequired:
    case SaisonConnectErrorCode.reRegistrationRequiredAgain:
      return 're-register';
    case SaisonConnectErrorCode.pointsCardRequired:
      return 'not-eligible';
    default:
      // 400-503 and anything else, a network failure included (spec §8)
      return 'maintenance';
  }
}

function PointMessage({ state, onRetry }: { readonly state: PointState; readonly onRetry: () => void }) {
  switch (state) {
    case 'no-card':
      return (
        <>
          <p className="home-point__message">
            クレジットカードが登録されていません。カードを登録すると、貯まったポイントをスポット購入にご利用いただけます。
          </p>
          <LinkButton to={cardLinkPath} variant="outline" className="home-point__button">
            カードを登録する
          </LinkButton>
        </>
      );
    case 're-register':
      return (
        <>
          <p className="home-point__message">
            スポット購入でポイントをご利用いただくには、ポイント対象カードの再登録が必要です。再登録すると、積立のお支払い方法も再登録したカードになります。
          </p>
          <LinkButton to={cardLinkPath} variant="outline" className="home-point__button">
            カードを再登録する
          </LinkButton>
        </>
      );
    case 'not-eligible':
      return (
        <>
          <p className="home-point__message">
            ポイントのご利用には、ポイント対象のクレジットカードが必要です。
          </p>
          <Button variant="outline" disabled className="home-point__button">
            対象外
          </Button>
        </>
      );
    case 'maintenance':
      return (
        <>
          <p className="home-point__message">
            カード会社のサービスがメンテナンス中のため、ポイントを表示できません。時間をおいて再度ご確認ください。
          </p>
          <div className="home-point__actions">
            <Button variant="outline" disabled className="home-point__button">
              メンテナンス中
            </Button>
            <Button variant="text" onClick={onRetry}>
              再読み込み
            </Button>
          </div>
        </>
      );
  }
}

/** The point balance of the card issuer's service, or why it cannot be used (spec §8). */
export function PointCard() {
  const { data, error, isPending, refetch } = usePoint();
  return (
    <Card title="ポイント" className="home-point">
      {isPending ? (
        <Skeleton label="ポイント" lines={2} />
      ) : error !== null ? (
        <PointMessage state={stateOf(error)} onRetry={() => void refetch()} />
      ) : (
        <>
          <p className="home-point__balance" data-testid="point-balance">
            <Points value={data.point.balance} />
          </p>
          <p className="home-point__note">
            {formatJapaneseDate(data.point.asOf)}
            時点。スポット購入で200ポイントから100ポイント単位でご利用いただけます（100ポイント＝450円）。
          </p>
        </>
      )}
    </Card>
  );
}
