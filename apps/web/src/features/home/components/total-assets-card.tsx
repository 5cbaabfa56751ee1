import { formatJapaneseDate } from '@fund/domain';
import { Link } from 'react-router';
import { Card, Change, ErrorState, Money, PrivacyToggle, Skeleton } from '../../../components/ui';
import { useValuation } from '../../../lib/valuation/valuation-query';

/**
 * 総資産 at a glance: the total with お預り金 and money in flight, 前日比 and 評価損益 of the funds
 * (評価損益率 = 損益 ÷ 簿価), the reference date, and the way to the details.
 */
export function TotalAssetsCard() {
  const { data, isPending, isError, isRefetching, refetch } = useValuation();
  const action = <PrivacyToggle />;
  if (isPending) {
    return (
      <Card title="総資産" action={action} className="home-total">
        <Skeleton label="総資産" height={164} />
      </Card>
    );
  }
  if (isError) {
    return (
      <Card title="総資産" action={action} className="home-total">
        <ErrorState what="総資産" retrying={isRefetching} onRetry={() => void refetch()} />
      </Card>
    );
  }
  const { total, cashBalance, inTransit, totalAssets, referenceDate } = data;
  const inFlight = BigInt(inTransit.buys) + BigInt(inTransit.sells);
  // 前日比's base is yesterday's value of the same units
  const previousValue = BigInt(total.value) - BigInt(total.dayChange);
  return (
    <Card title="総資産" action={action} className="home-total">
      <p className="home-total__amount" data-testid="total-assets">
        <Money value={totalAssets} />
      </p>
      <p className="home-total__date">{formatJapaneseDate(referenceDate)}時点（解約価額で評価）</p>
      <dl className="home-total__changes">
        <div>
          <dt>前日比</dt>
          <dd data-testid="day-change">
            <Change value={total.dayChange} base={previousValue} />
          </dd>
        </div>
        <div>
          <dt>評価損益</dt>
          <dd data-testid="gain-loss">
            <Change value={total.gainLoss} base={total.bookValue} />
          </dd>
        </div>
      </dl>
      <dl className="home-total__parts">
        <div>
          <dt>投資信託（評価額）</dt>
          <dd>
            <Money value={total.value} />
          </dd>
        </div>
        <div>
          <dt>お預り金</dt>
          <dd>
            <Money value={cashBalance} />
          </dd>
        </div>
        {inFlight === 0n ? null : (
          <div>
            <dt>受渡待ち</dt>
            <dd>
              <Money value={inFlight} />
            </dd>
          </div>
        )}
      </dl>
      <Link to="/assets" className="home-card-link">
        資産状況を見る
      </Link>
    </Card>
  );
}
