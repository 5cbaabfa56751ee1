import type { NisaStatusByYear } from '@fund/contracts';
import { planNisaInvestment, type NisaBucketPlan } from '@fund/domain';
import { Card, ErrorState, Money, Skeleton } from '../../../components/ui';
import { noNisaAccount, useNisaStatusByYear } from '../api/get-nisa-status-by-year';
import { nisaStandingOf } from './nisa-standing';

const limitNote: Record<NisaBucketPlan['limitedBy'], string | undefined> = {
  annual: undefined,
  growthLifetime: '成長投資枠の生涯上限（簿価12,000,000円）の残りまで',
  lifetime: '生涯投資枠（簿価18,000,000円）の残りまで',
};

function BucketRow({
  name,
  thisYear,
  nextYear,
}: {
  readonly name: string;
  readonly thisYear: NisaBucketPlan;
  readonly nextYear: NisaBucketPlan | undefined;
}) {
  const notes = [limitNote[thisYear.limitedBy], nextYear && limitNote[nextYear.limitedBy]];
  return (
    <div className="nisa-planner__bucket">
      <h3 className="nisa-planner__bucket-name">{name}</h3>
      <p className="nisa-planner__answer">
        <span className="nisa-planner__part">
          今年あと{' '}
          <strong>
            <Money value={thisYear.amount} />
          </strong>
          {nextYear === undefined ? null : '、'}
        </span>
        {nextYear === undefined ? null : (
          <span className="nisa-planner__part">
            来年1月から{' '}
            <strong>
              <Money value={nextYear.amount} />
            </strong>
          </span>
        )}
      </p>
      {notes[0] === undefined ? null : <p className="nisa-planner__note">今年は{notes[0]}です。</p>}
      {notes[1] === undefined ? null : <p className="nisa-planner__note">来年は{notes[1]}です。</p>}
    </div>
  );
}

/**
 * The planner (issue 14 point 5): "how much can I still invest this year, and from January" per 枠,
 * computed by the domain's `planNisaInvestment` from this year's and next year's status.
 */
export function NisaPlanner({ thisYear }: { readonly thisYear: NisaStatusByYear }) {
  const next = useNisaStatusByYear(thisYear.year + 1);
  const nextStatus = next.data !== undefined && next.data !== noNisaAccount ? next.data : undefined;
  const current = nisaStandingOf(thisYear);
  // without next year's answer the planner still answers for this year (its January part shows the state)
  const plan = planNisaInvestment(
    current,
    nextStatus === undefined ? { ...current, year: thisYear.year + 1 } : nisaStandingOf(nextStatus),
  );
  const nextPlan = nextStatus === undefined ? undefined : plan.nextYear;
  return (
    <Card title="あといくら投資できますか">
      <p className="nisa-planner__summary">
        {thisYear.year}年はあと合計 <Money value={plan.thisYear.total} />
        {nextPlan === undefined ? null : (
          <>
            、{thisYear.year + 1}年1月からは合計 <Money value={nextPlan.total} />
          </>
        )}
        まで、NISAで購入できます。
      </p>
      <BucketRow name="つみたて投資枠" thisYear={plan.thisYear.tsumitate} nextYear={nextPlan?.tsumitate} />
      <BucketRow name="成長投資枠" thisYear={plan.thisYear.growth} nextYear={nextPlan?.growth} />
      {next.isPending ? <Skeleton label="来年の投資枠" lines={2} /> : null}
      {next.isError ? (
        <ErrorState what="来年の投資枠" onRetry={() => void next.refetch()} retrying={next.isFetching} />
      ) : null}
      {plan.revivesInJanuary > 0n ? (
        <p className="nisa-planner__note">
          今年売却した商品の簿価 <Money value={plan.revivesInJanuary} />{' '}
          分は、来年1月1日から生涯投資枠として再び使えます（年間投資枠は戻りません）。
        </p>
      ) : null}
      <div className="nisa-planner__rules">
        <h3 className="nisa-planner__rules-title">年末のご購入について</h3>
        <p>
          NISAの枠は、ご注文日ではなく受渡日の年の枠を使います。受渡日はご注文から数営業日後（ファンドにより異なります）で、年末年始はお休みのため、12月中旬ごろからのご購入は受渡日が来年になり、来年の枠を使うことがあります。受渡日はご購入の確認画面でご確認ください。
        </p>
        <p>
          来年1月からの金額は、今年これ以上購入しない場合のものです。両方の枠で合計した金額は、生涯投資枠の残りを超えません。
        </p>
      </div>
    </Card>
  );
}
