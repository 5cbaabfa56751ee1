import { formatAccountType } from '@fund/domain';
import { Link } from 'react-router';
import { Card, Change, EmptyState, ErrorState, List, ListRow, Money, Skeleton } from '../../../components/ui';
import { nisaAccountTypes, useNisaHoldings } from '../api/get-nisa-holdings';

/**
 * What is held inside NISA, by account type (2024 NISA, the old NISA, junior NISA), at 解約価額 of the
 * reference date; each row leads to the assets screen with the full figures.
 */
export function NisaHoldingsCard({ offerPurchase }: { readonly offerPurchase: boolean }) {
  const query = useNisaHoldings();
  const action = <Link to="/assets">資産状況へ</Link>;
  if (query.isPending)
    return (
      <Card title="NISAで保有中の商品" action={action}>
        <Skeleton label="NISAで保有中の商品" lines={4} />
      </Card>
    );
  if (query.isError)
    return (
      <Card title="NISAで保有中の商品" action={action}>
        <ErrorState
          what="NISAで保有中の商品"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Card>
    );
  const { holdings } = query.data;
  const hasOldNisa = holdings.some(
    (holding) => holding.accountType === 'general_nisa' || holding.accountType === 'tsumitate_nisa',
  );
  return (
    <Card title="NISAで保有中の商品" action={action}>
      {holdings.length === 0 ? (
        <EmptyState
          title="NISAで保有している商品はありません。"
          action={offerPurchase ? <Link to="/trading">NISAで購入するファンドを探す</Link> : undefined}
        />
      ) : (
        nisaAccountTypes.map((accountType) => {
          const rows = holdings.filter((holding) => holding.accountType === accountType);
          if (rows.length === 0) return null;
          return (
            <div key={accountType} className="nisa-holdings__group">
              <h3 className="nisa-holdings__account">{formatAccountType(accountType)}</h3>
              <List label={formatAccountType(accountType)}>
                {rows.map((holding) => (
                  <ListRow
                    key={`${holding.accountType}-${holding.fund.code}`}
                    to="/assets"
                    // the short name: a phone of 320 px would break the full name into many lines
                    title={holding.fund.shortName}
                    subtitle="評価額・評価損益"
                    value={<Money value={holding.value} />}
                    valueNote={<Change value={holding.gainLoss} base={holding.bookValue} />}
                  />
                ))}
              </List>
            </div>
          );
        })
      )}
      {hasOldNisa ? (
        <p className="nisa-card__note">
          2023年までのNISAで購入した商品は、非課税期間が終わるまで非課税で保有でき、生涯投資枠は使いません。
        </p>
      ) : null}
    </Card>
  );
}
