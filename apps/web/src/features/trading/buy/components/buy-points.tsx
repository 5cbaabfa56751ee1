import { formatJapaneseDate, formatYen, pointRules, pointsToYen } from '@fund/domain';
import { Button } from '../../../../components/button/button';
import { LinkButton } from '../../../../components/button/link-button';
import { AmountField, Points, SegmentedControl, Skeleton } from '../../../../components/ui';
import { useBuyPoint } from '../api/get-buy-point';
import { buyPointsRule } from '../buy-form';
import { cardLinkPath, pointStateMessages, pointStateOf, type PointState } from '../buy-messages';

function PointStateMessage({ state, onRetry }: { readonly state: PointState; readonly onRetry: () => void }) {
  return (
    <div className="buy-points__state" role="status">
      <p className="buy-flow__note">{pointStateMessages[state]}</p>
      {state === 'no-card' ? (
        <LinkButton to={cardLinkPath} variant="outline">
          カードを登録する
        </LinkButton>
      ) : state === 're-register' ? (
        <LinkButton to={cardLinkPath} variant="outline">
          カードを再登録する
        </LinkButton>
      ) : state === 'not-eligible' ? (
        <Button variant="outline" disabled>
          対象外
        </Button>
      ) : (
        <div className="buy-points__actions">
          <Button variant="outline" disabled>
            メンテナンス中
          </Button>
          <Button variant="text" onClick={onRetry}>
            再読み込み
          </Button>
        </div>
      )}
    </div>
  );
}

/** Whole points as digits; a step of 100 gives exact yen, anything else shows no yen yet. */
function pointsValueText(points: string): string | null {
  if (points === '' || BigInt(points) % pointRules.step !== 0n) return null;
  return formatYen(pointsToYen(BigInt(points)));
}

export interface BuyPointsProps {
  readonly usePoints: boolean;
  readonly onUsePointsChange: (use: boolean) => void;
  readonly points: string;
  readonly onPointsChange: (digits: string) => void;
  readonly error?: string;
}

/**
 * ポイントを使う (domain.md §4, spec §8, §9): the balance of the card issuer's service, the choice to use
 * points (from 200 in steps of 100, 100 points = 450 yen) and their yen value; or, when the card service
 * answers with a code, its message and button instead.
 */
export function BuyPoints({ usePoints, onUsePointsChange, points, onPointsChange, error }: BuyPointsProps) {
  const point = useBuyPoint();
  if (point.isPending) return <Skeleton label="ポイント" lines={2} />;
  if (point.isError)
    return <PointStateMessage state={pointStateOf(point.error)} onRetry={() => void point.refetch()} />;
  const { balance, asOf } = point.data.point;
  const balanceLine = (
    <p className="buy-flow__figure-line">
      ご利用可能なポイント <Points value={balance} />
      <span className="buy-flow__note">（{formatJapaneseDate(asOf)}時点）</span>
    </p>
  );
  if (BigInt(balance) < pointRules.minimum)
    return (
      <>
        {balanceLine}
        <p className="buy-flow__note">ポイントは200ポイントからご利用いただけます。</p>
      </>
    );
  const value = usePoints ? pointsValueText(points) : null;
  return (
    <>
      {balanceLine}
      <SegmentedControl
        label="ポイントを使う"
        showLabel
        options={[
          { value: 'no', label: '使わない' },
          { value: 'yes', label: '使う' },
        ]}
        value={usePoints ? 'yes' : 'no'}
        onChange={(choice) => onUsePointsChange(choice === 'yes')}
      />
      {usePoints ? (
        <AmountField
          label="ご利用ポイント"
          rule={buyPointsRule(balance)}
          note="100ポイント＝450円です"
          error={error}
          value={points}
          onValueChange={onPointsChange}
        />
      ) : null}
      {value === null ? null : (
        <p className="buy-flow__figure-line" data-testid="points-value">
          ポイント充当額 <span className="ui-figure">{value}</span>
        </p>
      )}
    </>
  );
}
