import type { AccountRoleType, RecurringPurchase, ScheduledSell } from '@fund/contracts';
import { formatJapaneseDate, formatYearMonth } from '@fund/domain';
import type { ReactNode } from 'react';
import {
  Badge,
  Card,
  EmptyState,
  ErrorState,
  List,
  ListRow,
  Money,
  Skeleton,
  Units,
  type BadgeTone,
} from '../../../../components/ui';
import { useMonthlyDeposit, useRecurringPurchases, useScheduledSells } from '../../shared/api/get-plans';
import {
  paymentMethodWords,
  planAccountTypeWords,
  planStatusWords,
  scheduledSellFrequencyWords,
  scheduledSellStatusWords,
} from './fund-labels';

const statusTone: Readonly<Record<RecurringPurchase['status'], BadgeTone>> = {
  ACTIVE: 'success',
  SUSPENDED: 'warning',
  CANCELED: 'neutral',
};

/** Ended plans last; the API's order otherwise. */
function endedLast<T extends { readonly status: RecurringPurchase['status'] }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Number(a.status === 'CANCELED') - Number(b.status === 'CANCELED'));
}

/** What the monthly batch still has to do with the plan (ScheduledBuyBatchFlagType) and from when. */
function PendingChange({ change }: { readonly change: NonNullable<RecurringPurchase['pendingChange']> }) {
  const from = `${formatYearMonth(change.appliesFrom)}分から`;
  let text: ReactNode;
  if (change.batchFlag === 'create') text = `新規設定：${from}積立を開始します`;
  else if (change.batchFlag === 'cancel') text = `解約予定：${from}積立を止めます`;
  else {
    const terms = change.terms;
    text = (
      <>
        変更予定：{from}
        {terms === null ? (
          '変更後の内容で積み立てます'
        ) : (
          <>
            月<Money value={terms.amount} />・{paymentMethodWords[terms.paymentMethod]}
            {terms.bonus === null ? null : (
              <>
                ・ボーナス月（{terms.bonus.months.map((month) => `${month}月`).join('・')}）+
                <Money value={terms.bonus.amount} />
              </>
            )}
          </>
        )}
      </>
    );
  }
  return (
    <span className="trading-plans__pending" data-testid="plan-pending-change">
      {text}
    </span>
  );
}

function PlanRow({ plan }: { readonly plan: RecurringPurchase }) {
  return (
    <ListRow
      title={plan.fund.shortName}
      subtitle={
        <>
          {planAccountTypeWords[plan.accountType]}・{paymentMethodWords[plan.paymentMethod]}
          {plan.bonus === null ? null : (
            <>
              ・ボーナス月（{plan.bonus.months.map((month) => `${month}月`).join('・')}）+
              <Money value={plan.bonus.amount} />
            </>
          )}
          {plan.pendingChange === null ? null : <PendingChange change={plan.pendingChange} />}
          {plan.fund.redemptionDate === null ? null : (
            <span className="trading-plans__pending" data-testid="plan-fund-redemption">
              {`ファンドの償還（${formatJapaneseDate(plan.fund.redemptionDate)}）が決まったため、積立は終了${plan.status === 'CANCELED' ? 'しました' : 'します'}`}
            </span>
          )}
        </>
      }
      value={
        <span data-testid="plan-amount">
          月<Money value={plan.amount} />
        </span>
      }
      valueNote={<Badge tone={statusTone[plan.status]}>{planStatusWords[plan.status]}</Badge>}
      // the 積立 flow manages a plan (change, suspend, resume, cancel); an ended plan has nothing to manage
      to={
        plan.status === 'CANCELED'
          ? undefined
          : `/trading/scheduledBuy/${plan.fund.code}/inputType?plan=${plan.id}`
      }
    />
  );
}

function PlansCard({ canStart }: { readonly canStart: boolean }) {
  const plans = useRecurringPurchases();
  let content;
  if (plans.isPending) content = <Skeleton label="積立" lines={3} />;
  else if (plans.isError) {
    content = <ErrorState what="積立" retrying={plans.isRefetching} onRetry={() => void plans.refetch()} />;
  } else if (plans.data.recurringPurchases.length === 0) {
    content = (
      <EmptyState title="積立の設定はありません。">
        {canStart
          ? 'ファンド一覧でファンドを選び「積立を設定する」から、毎月5,000円ではじめられます。'
          : undefined}
      </EmptyState>
    );
  } else {
    content = (
      <List label="積立の一覧">
        {endedLast(plans.data.recurringPurchases).map((plan) => (
          <PlanRow key={plan.id} plan={plan} />
        ))}
      </List>
    );
  }
  return (
    <Card title="積立" titleLevel={3} className="trading-plans">
      {content}
    </Card>
  );
}

function sellValue(sell: ScheduledSell): ReactNode {
  if (sell.type === 'AMOUNT') return <Money value={sell.value} />;
  if (sell.type === 'QUANTITY') return <Units value={sell.value} />;
  return `保有口数の${sell.value}%`;
}

const sellTypeWords: Readonly<Record<ScheduledSell['type'], string>> = {
  AMOUNT: '定額',
  QUANTITY: '定口',
  RATE: '定率',
};

function ScheduledSellsCard({ accountRole: role }: { readonly accountRole: AccountRoleType | null }) {
  const sells = useScheduledSells();
  let content;
  if (sells.isPending) content = <Skeleton label="定期売却" lines={2} />;
  else if (sells.isError) {
    content = (
      <ErrorState what="定期売却" retrying={sells.isRefetching} onRetry={() => void sells.refetch()} />
    );
  } else if (sells.data.scheduledSells.length === 0) {
    content = (
      <EmptyState title="定期売却の設定はありません。">
        {role === 'CORPORATION'
          ? '定期売却は特定口座でご利用いただけるサービスのため、法人口座ではご利用いただけません。'
          : '特定口座で保有しているファンドの「売却する」から、毎月または奇数月に決まった金額・口数・割合を売却する設定ができます。'}
      </EmptyState>
    );
  } else {
    content = (
      <List label="定期売却の一覧">
        {endedLast(sells.data.scheduledSells).map((sell) => (
          <ListRow
            key={sell.id}
            title={sell.fund.shortName}
            subtitle={`特定口座・${scheduledSellFrequencyWords[sell.frequency]}・${sellTypeWords[sell.type]}`}
            value={<span data-testid="scheduled-sell-value">{sellValue(sell)}</span>}
            valueNote={<Badge tone={statusTone[sell.status]}>{scheduledSellStatusWords[sell.status]}</Badge>}
            to={sell.status === 'CANCELED' ? undefined : `/trading/sell/${sell.fund.code}`}
          />
        ))}
      </List>
    );
  }
  return (
    <Card title="定期売却" titleLevel={3} className="trading-plans">
      {content}
    </Card>
  );
}

const depositStatusWords: Readonly<Record<RecurringPurchase['status'], string>> = {
  ACTIVE: '設定中',
  SUSPENDED: '停止中',
  CANCELED: '解約済',
};

function MonthlyDepositCard() {
  const deposit = useMonthlyDeposit();
  let content;
  if (deposit.isPending) content = <Skeleton label="毎月の入金" lines={1} />;
  else if (deposit.isError) {
    content = (
      <ErrorState what="毎月の入金" retrying={deposit.isRefetching} onRetry={() => void deposit.refetch()} />
    );
  } else {
    const setting = deposit.data.monthlyDeposit;
    content = (
      <List label="毎月の入金">
        {setting === null || setting.status === 'CANCELED' ? (
          <ListRow
            title="毎月の入金を設定する"
            subtitle="毎月決まった日に、口座振替でお預り金へ入金します。"
            to="/trading/monthlyDeposit"
          />
        ) : (
          <ListRow
            title="毎月の入金"
            subtitle={`毎月${setting.day}日（休業日は翌営業日）・口座振替`}
            value={<Money value={setting.amount} />}
            valueNote={<Badge tone={statusTone[setting.status]}>{depositStatusWords[setting.status]}</Badge>}
            to="/trading/monthlyDeposit"
          />
        )}
      </List>
    );
  }
  return (
    <Card title="毎月の入金" titleLevel={3} className="trading-plans">
      {content}
    </Card>
  );
}

/** The customer's standing instructions, each linking to where it is managed. */
export function TradingPlans({ accountRole: role }: { readonly accountRole: AccountRoleType | null }) {
  return (
    <section className="trading-plans-section" aria-labelledby="trading-plans-heading">
      <h2 id="trading-plans-heading" className="trading-section__heading">
        積立・定期売却・入金の設定
      </h2>
      <PlansCard canStart={role !== null && role !== 'JUNIOR_NISA'} />
      <ScheduledSellsCard accountRole={role} />
      <MonthlyDepositCard />
    </section>
  );
}
