import { recurringAmountRule, type RecurringPurchase } from '@fund/contracts';
import {
  checkRecurringPlan,
  formatYen,
  recurringPlanRules,
  type RecurringPlanIssue,
  type Yen,
  amountRuleMessage,
} from '@fund/domain';
import { z } from 'zod';
import { cardLimitExcess, type PlanPaymentMethod } from './scheduled-buy-rules';

/** The amount step's fields: digits as typed, bonus months as select values ('' = none). */
export interface AmountFormValues {
  amount: string;
  bonusMonth1: string;
  bonusMonth2: string;
  bonusAmount: string;
}

function issueMessage(issue: RecurringPlanIssue): { path: keyof AmountFormValues; message: string } {
  const minimum = formatYen(recurringPlanRules.minimumAmount);
  const step = formatYen(recurringPlanRules.amountStep);
  switch (issue.field) {
    case 'amount':
      return {
        path: 'amount',
        message:
          issue.reason === 'below-minimum'
            ? `積立金額は${minimum}以上で入力してください`
            : `積立金額は${step}単位で入力してください`,
      };
    case 'bonusAmount':
      return {
        path: 'bonusAmount',
        message:
          issue.reason === 'below-minimum'
            ? `ボーナス月の増額分は${minimum}以上で入力してください`
            : `ボーナス月の増額分は${step}単位で入力してください`,
      };
    case 'bonusMonths':
      return {
        path: 'bonusMonth2',
        message: issue.reason === 'duplicate' ? '別の月を選んでください' : 'ボーナス月を選んでください',
      };
  }
}

export function bonusMonthsOf(values: Pick<AmountFormValues, 'bonusMonth1' | 'bonusMonth2'>): number[] {
  return [values.bonusMonth1, values.bonusMonth2].filter((month) => month !== '').map(Number);
}

/**
 * The amount step checked by the domain's rules (≥ 5,000 yen, 1,000-yen steps, up to 2 distinct bonus
 * months) and, for a card plan, the 100,000-yen monthly limit over all the customer's card plans; the
 * server checks the same again and its refusal is shown on the confirm screen.
 */
export function amountSchema(context: {
  readonly paymentMethod: PlanPaymentMethod;
  readonly plans: readonly RecurringPurchase[];
  readonly planId: string | null;
}) {
  return z
    .object({
      amount: z.string().min(1, '毎月の積立金額を入力してください'),
      bonusMonth1: z.string(),
      bonusMonth2: z.string(),
      bonusAmount: z.string(),
    })
    .superRefine((values, ctx) => {
      if (values.amount === '') return;
      const months = bonusMonthsOf(values);
      if (months.length === 0 && values.bonusAmount !== '') {
        ctx.addIssue({ code: 'custom', path: ['bonusMonth1'], message: 'ボーナス月を選んでください' });
        return;
      }
      if (months.length > 0 && values.bonusAmount === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['bonusAmount'],
          message: 'ボーナス月の増額分を入力してください',
        });
        return;
      }
      // the rule stated under each field (minimum, step, and the API's maximum)
      const ruleIssues = [
        { path: 'amount', message: amountRuleMessage(values.amount, recurringAmountRule('積立金額')) },
        {
          path: 'bonusAmount',
          message: amountRuleMessage(values.bonusAmount, recurringAmountRule('ボーナス月の増額分')),
        },
      ];
      for (const { path, message } of ruleIssues)
        if (message !== null) ctx.addIssue({ code: 'custom', path: [path], message });
      if (ruleIssues.some(({ message }) => message !== null)) return;
      const terms = {
        amount: BigInt(values.amount) as Yen,
        bonus: months.length === 0 ? undefined : { months, amount: BigInt(values.bonusAmount) as Yen },
        paymentMethod: context.paymentMethod,
      };
      const check = checkRecurringPlan(terms);
      if (!check.ok) {
        for (const issue of check.issues) {
          const { path, message } = issueMessage(issue);
          ctx.addIssue({ code: 'custom', path: [path], message });
        }
        return;
      }
      const excess = cardLimitExcess(context.plans, context.planId, terms);
      if (excess !== null) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `クレジットカードでの積立は、すべての積立の合計で月${formatYen(recurringPlanRules.cardMonthlyLimit)}までです（${excess.month}月は${formatYen(excess.total)}になります）`,
        });
      }
    });
}
