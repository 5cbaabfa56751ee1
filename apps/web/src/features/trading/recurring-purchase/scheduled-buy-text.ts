import type { RecurringPurchase } from '@fund/contracts';
import { formatJapaneseDateWithWeekday, formatYearMonth, formatYen } from '@fund/domain';
import { datesOfMonth, paymentMethodLabels, yearMonthOfText } from './scheduled-buy-rules';

/** 「毎月10,000円（ボーナス月 6月・12月は +20,000円）」 */
export function termsText(terms: {
  readonly amount: string;
  readonly bonus: { readonly months: readonly number[]; readonly amount: string } | null;
}): string {
  const monthly = `毎月${formatYen(terms.amount)}`;
  if (terms.bonus === null || terms.bonus.months.length === 0) return monthly;
  const months = terms.bonus.months.map((month) => `${month}月`).join('・');
  return `${monthly}（ボーナス月 ${months}は +${formatYen(terms.bonus.amount)}）`;
}

/** What the batch will do with the plan, in words a customer reads (never the API's code). */
export const batchFlagLabels: Record<'create' | 'update' | 'cancel', string> = {
  create: '新規設定',
  update: '変更',
  cancel: '解約',
};

/** The plan's pending change in plain words, with the month and the first debit it concerns. */
export function pendingChangeText(plan: RecurringPurchase): string | null {
  const change = plan.pendingChange;
  if (change === null) return null;
  const month = formatYearMonth(change.appliesFrom);
  const debit = formatJapaneseDateWithWeekday(
    datesOfMonth(yearMonthOfText(change.appliesFrom)).firstDebitDate,
  );
  switch (change.batchFlag) {
    case 'create':
      return `${month}分から積立を始めます。初回のお引落しは${debit}の予定です。`;
    case 'update':
      return change.terms === null
        ? `${month}分から変更後の内容で積立します。`
        : `${month}分（${debit}のお引落し）から、${termsText(change.terms)}・${paymentMethodLabels[change.terms.paymentMethod]}に変わります。`;
    case 'cancel':
      return `${month}分からの積立は行いません（解約）。`;
  }
}

export const planStatusLabels: Record<RecurringPurchase['status'], string> = {
  ACTIVE: '積立中',
  SUSPENDED: '停止中',
  CANCELED: '解約済み',
};
