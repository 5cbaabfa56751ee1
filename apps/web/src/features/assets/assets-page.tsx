import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading/page-heading';
import { ErrorState, Skeleton } from '../../components/ui';
import { useAccountRole } from '../../lib/auth/use-account-role';
import type { PageModule } from '../../lib/routing/page-module';
import { useValuation } from '../../lib/valuation/valuation-query';
import { assetOffersFor } from './asset-offers';
import { AssetsHistory } from './components/assets-history';
import { AssetsHoldings } from './components/assets-holdings';
import { AssetsSummary } from './components/assets-summary';
import './assets.css';

/**
 * 資産状況 (spec §2 /assets, §9): 総資産 with お預り金 and 受渡待ち, every holding at the 解約価額 of the
 * reference date by account type or by fund, pending sells already deducted, and the value-vs-cost
 * history. The reference screen of decision 012.
 */
export function AssetsPage() {
  const offers = assetOffersFor(useAccountRole());
  const { data, error, refetch, isFetching } = useValuation();
  return (
    <div className="assets-page">
      <PageHeading title="資産状況" />
      {data === undefined ? (
        error === null ? (
          <Skeleton label="資産状況" lines={8} />
        ) : (
          <ErrorState what="資産状況" onRetry={() => void refetch()} retrying={isFetching} />
        )
      ) : (
        <>
          <AssetsSummary assets={data} />
          {offers.juniorNisaNote ? (
            <p className="assets-page__note">
              ジュニアNISAでは2024年以降、新たなご購入はできません。口座の資産は、いつでも非課税で払い出すことができます。
            </p>
          ) : null}
          <AssetsHoldings assets={data} canBuy={offers.buy} />
        </>
      )}
      <AssetsHistory />
      <Link className="assets-page__link" to="/assets/totalReturn">
        トータルリターン（ファンドごとの通算の損益）を見る
      </Link>
      {offers.nisaBalanceLink === null ? null : (
        <Link className="assets-page__link" to="/assets/nisaBalance">
          {offers.nisaBalanceLink}
        </Link>
      )}
    </div>
  );
}

export const assetsPage: PageModule = { Component: AssetsPage };
