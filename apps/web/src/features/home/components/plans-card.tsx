import type { RecurringPurchase } from '@fund/contracts';
import { formatAccountType, formatPaymentMethod, formatYearMonth, formatYen } from '@fund/domain';
import { LinkButton } from '../../../components/button/link-button';
import { Badge, Card, EmptyState, ErrorState, List, ListRow, Money, Skeleton } from '../../../components/ui';
import { useRecurringPurchases } from '../api/get-recurring-purchases';

function planNote(plan: RecurringPurchase) {
  if (plan.status === 'SUSPENDED') return <Badge tone="warning">停止中</Badge>;
  const change = plan.pendingChange;
  if (change?.batchFlag === 'create')
    return <Badge tone="info">{formatYearMonth(change.appliesFrom)}から</Badge>;
  if (change?.batchFlag === 'update') {
    return <Badge tone="info">{formatYearMonth(change.appliesFrom)}から変更</Badge>;
  }
  if (change?.batchFlag === 'cancel') {
    return <Badge tone="neutral">{formatYearMonth(change.appliesFrom)}に終了</Badge>;
  }
  return undefined;
}

function planSubtitle(plan: RecurringPurchase): string {
  const parts = [formatAccountType(plan.accountType), formatPaymentMethod(plan.paymentMethod)];
  if (plan.bonus !== null) {
    parts.push(
      `ボーナス月（${plan.bonus.months.map((month) => `${month}月`).join('・')}）+${formatYen(plan.bonus.amount)}`,
    );
  }
  return parts.join('・');
}

/** 毎月の積立額: the plans in force (停止中 and ended plans do not buy). */
export function monthlyTotal(plans: readonly RecurringPurchase[]): bigint {
  return plans
    .filter((plan) => plan.status === 'ACTIVE')
    .reduce((sum, plan) => sum + BigInt(plan.amount), 0n);
}

/**
 * The customer's 積立 at a glance: fund, amount a month, account and payment method, status, and the
 * monthly total. `canStart` offers setting one up (not for junior NISA: no new purchases since 2024).
 */
export function PlansCard({ canStart }: { readonly canStart: boolean }) {
  const { data, isPending, isError, isRefetching, refetch } = useRecurringPurchases();
  const setUp = canStart ? (
    <LinkButton to="/trading" variant="outline">
      積立を設定する
    </LinkButton>
  ) : undefined;
  if (isPending) {
    return (
      <Card title="積立" className="home-plans">
        <Skeleton label="積立" lines={3} />
      </Card>
    );
  }
  if (isError) {
    return (
      <Card title="積立" className="home-plans">
        <ErrorState what="積立" retrying={isRefetching} onRetry={() => void refetch()} />
      </Card>
    );
  }
  const plans = data.recurringPurchases.filter((plan) => plan.status !== 'CANCELED');
  if (plans.length === 0) {
    return (
      <Card title="積立" className="home-plans">
        <EmptyState title="積立の設定はありません。" action={setUp}>
          {canStart ? '毎月決まった金額で自動的に買い付ける積立を、5,000円からはじめられます。' : undefined}
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title="積立" className="home-plans">
      <p className="home-plans__total">
        <span>毎月の積立額</span>
        <span className="home-plans__total-amount" data-testid="plans-total">
          <Money value={monthlyTotal(plans)} />
        </span>
      </p>
      {plans.some((plan) => plan.status === 'SUSPENDED') ? (
        <p className="home-plans__note">停止中の積立は含みません。</p>
      ) : null}
      <List label="積立の一覧">
        {plans.map((plan) => (
          <ListRow
            key={plan.id}
            title={plan.fund.shortName}
            subtitle={planSubtitle(plan)}
            value={
              <span data-testid="plan-amount">
                月<Money value={plan.amount} />
              </span>
            }
            valueNote={planNote(plan)}
          />
        ))}
      </List>
    </Card>
  );
}
