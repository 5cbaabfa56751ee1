import {
  distributionCourseSchema,
  orderAmountSchema,
  orderTypeBuySchema,
  orderUnitsSchema,
  pointsRule,
  spotBuyAmountRule,
  spotBuyUnitsRule,
  type AmountRule,
} from '@fund/contracts';
import { checkPointUse, formatYen, navPer10k, pointsToYen, yen, amountRuleMessage } from '@fund/domain';
import { z } from 'zod';
import { spotBuyAccounts, type BuyDraft } from './buy-draft';
import { pointRefusalMessage } from './buy-messages';

/** What the form's rules need to know beyond the fields: the balances the customer can spend. */
export interface BuyFormContext {
  /** Whole points the customer holds; null when the card service could not tell (points not offered). */
  readonly pointBalance: string | null;
  /** お預り金; null while unknown (the server checks it again, 400-205). */
  readonly cashBalance: string | null;
  /** The fund's latest 基準価額 per 10,000 units: the smallest amount that buys one unit. */
  readonly nav: string | null;
}

/** The rule of the figure typed: 購入金額 (at least one unit at the latest price) or 購入口数. */
export function buyValueRule(orderType: 'AMOUNT' | 'QUANTITY', nav: string | null): AmountRule {
  return orderType === 'AMOUNT' ? spotBuyAmountRule(nav === null ? null : navPer10k(nav)) : spotBuyUnitsRule;
}

/** The rule of ご利用ポイント: from 200 in steps of 100, up to the points held. */
export function buyPointsRule(pointBalance: string | null): AmountRule {
  return pointsRule(BigInt(pointBalance ?? '0'));
}

/**
 * The buy input: the contract's amount and unit rules (the same schema the server validates the request
 * with), the point rules of the domain (domain.md §4) and the cash the order will take. The form
 * takes a new schema when a balance arrives (react-hook-form reads its resolver on every render).
 */
export function buyFormSchema({ pointBalance, cashBalance, nav }: BuyFormContext) {
  return z
    .object({
      orderType: orderTypeBuySchema,
      value: z.string(),
      accountType: z.enum(spotBuyAccounts, { error: '口座区分を選択してください' }),
      usePoints: z.boolean(),
      points: z.string(),
      course: distributionCourseSchema,
    })
    .superRefine((form, context) => {
      const amountOrder = form.orderType === 'AMOUNT';
      const what = amountOrder ? '購入金額' : '購入口数';
      if (form.value === '') {
        context.addIssue({ code: 'custom', path: ['value'], message: `${what}を入力してください` });
        return;
      }
      // the rule stated under the field first (the same figures the server refuses beyond)
      const ruleMessage = amountRuleMessage(form.value, buyValueRule(form.orderType, nav));
      if (ruleMessage !== null) {
        context.addIssue({ code: 'custom', path: ['value'], message: ruleMessage });
        return;
      }
      const parsed = (amountOrder ? orderAmountSchema : orderUnitsSchema).safeParse(form.value);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? `${what}を正しく入力してください`;
        context.addIssue({ code: 'custom', path: ['value'], message });
        return;
      }
      if (!amountOrder && form.accountType === 'nisa2_growth')
        context.addIssue({
          code: 'custom',
          path: ['accountType'],
          message: 'NISA成長投資枠では金額指定でご購入ください',
        });
      if (!amountOrder) return;
      const amount = yen(form.value);
      let pointsValue = 0n;
      if (form.usePoints) {
        if (form.points === '') {
          context.addIssue({ code: 'custom', path: ['points'], message: 'ご利用ポイントを入力してください' });
          return;
        }
        const pointsMessage = amountRuleMessage(form.points, buyPointsRule(pointBalance));
        if (pointsMessage !== null) {
          context.addIssue({ code: 'custom', path: ['points'], message: pointsMessage });
          return;
        }
        const check = checkPointUse({
          points: BigInt(form.points),
          purchaseKind: 'SPOT',
          balance: BigInt(pointBalance ?? '0'),
          orderAmount: amount,
        });
        if (!check.ok) {
          const [reason] = check.reasons;
          if (reason !== undefined)
            context.addIssue({
              code: 'custom',
              path: ['points'],
              message: pointRefusalMessage(reason, pointBalance ?? '0'),
            });
          return;
        }
        pointsValue = pointsToYen(BigInt(form.points));
      }
      if (cashBalance !== null && amount - pointsValue > BigInt(cashBalance))
        context.addIssue({
          code: 'custom',
          path: ['value'],
          message: `お預り金（${formatYen(cashBalance)}）が不足しています。ご入金のうえお申し込みいただくか、金額を減らしてください`,
        });
    });
}

export type BuyFormValues = z.input<ReturnType<typeof buyFormSchema>>;

/** The form's values of a draft (back from confirm), or the empty form with the role's account. */
export function formValuesOf(
  draft: BuyDraft | null,
  defaultAccount: BuyDraft['accountType'],
  reinvestmentOffered: boolean,
): BuyFormValues {
  // a fund without 再投資 pays its distributions in cash, whatever a link asked for
  const course = reinvestmentOffered ? (draft?.course ?? 'REINVEST') : 'RECEIVE';
  if (draft === null)
    return {
      orderType: 'AMOUNT',
      value: '',
      accountType: defaultAccount,
      usePoints: false,
      points: '',
      course,
    };
  return {
    orderType: draft.orderType,
    value: draft.value,
    accountType: draft.accountType,
    usePoints: draft.points !== '0',
    points: draft.points === '0' ? '' : draft.points,
    course,
  };
}

/** The draft of valid form values: points only when used, and only with AMOUNT. */
export function draftOf(values: BuyFormValues): BuyDraft {
  return {
    orderType: values.orderType,
    value: values.value,
    accountType: values.accountType,
    points: values.orderType === 'AMOUNT' && values.usePoints && values.points !== '' ? values.points : '0',
    course: values.course,
  };
}
