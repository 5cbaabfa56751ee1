import type { RecurringPurchase } from '@fund/contracts';
import { formatYearMonth } from '@fund/domain';
import { Badge, Card, DescriptionList } from '../../../../components/ui';
import { batchFlagLabels, pendingChangeText, planStatusLabels, termsText } from '../scheduled-buy-text';
import { paymentMethodLabels, planAccountLabels } from '../scheduled-buy-rules';

/** A 積立 plan as it is now, and what the monthly batch will still change (its batch flag and month). */
export function PlanSummary({ plan }: { readonly plan: RecurringPurchase }) {
  const pending = pendingChangeText(plan);
  return (
    <Card
      title="設定中の積立"
      action={
        <Badge tone={plan.status === 'ACTIVE' ? 'success' : 'neutral'}>{planStatusLabels[plan.status]}</Badge>
      }
    >
      <DescriptionList
        label="設定中の積立の内容"
        items={[
          { term: 'ファンド', value: plan.fund.name },
          { term: '口座区分', value: planAccountLabels[plan.accountType] },
          { term: '積立金額', value: termsText(plan) },
          { term: 'お支払い方法', value: paymentMethodLabels[plan.paymentMethod] },
          { term: '開始月', value: formatYearMonth(plan.startMonth) },
        ]}
      />
      {pending === null || plan.pendingChange === null ? null : (
        <div className="scheduled-buy__pending" role="note" aria-label="お手続き中の変更">
          <p className="scheduled-buy__pending-title">
            お手続き中：{batchFlagLabels[plan.pendingChange.batchFlag]}・
            {formatYearMonth(plan.pendingChange.appliesFrom)}
            分から
          </p>
          <p className="scheduled-buy__note">{pending}</p>
        </div>
      )}
    </Card>
  );
}
