import type { ReactNode } from 'react';
import { Card, ErrorState, Money, Skeleton } from '../../../../components/ui';
import { useBuyCashBalance } from '../api/get-buy-cash-balance';

/**
 * お支払い方法: a spot buy is paid from お預り金 (money deposited by 口座振替); the card is refused for spot
 * buys (spec §5), so it is not offered, and the screen says why.
 */
export function BuyPayment({ children }: { readonly children?: ReactNode }) {
  const cash = useBuyCashBalance();
  return (
    <Card title="お支払い方法">
      <p className="buy-flow__lead">お預り金から（口座振替）</p>
      {cash.isPending ? (
        <Skeleton label="お預り金" lines={1} />
      ) : cash.isError ? (
        <ErrorState what="お預り金" onRetry={() => void cash.refetch()} retrying={cash.isFetching} />
      ) : (
        <p className="buy-flow__figure-line" data-testid="cash-balance">
          お預り金 <Money value={cash.data} />
        </p>
      )}
      <p className="buy-flow__note">
        スポット購入はクレジットカードではお支払いいただけません（クレジットカードは積立でご利用いただけます）。
      </p>
      {children}
    </Card>
  );
}
