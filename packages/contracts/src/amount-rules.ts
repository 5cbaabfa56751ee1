import {
  costOfUnits,
  pointRules,
  recurringPlanRules,
  units,
  type AmountRule,
  type NavPer10k,
} from '@fund/domain';
import {
  maxMonthlyDepositAmount,
  maxOrderAmountYen,
  maxOrderPoints,
  maxOrderUnits,
  maxRecurringAmount,
  maxScheduledSellValue,
} from './amount-limits.ts';

export type { AmountRule, AmountUnit } from '@fund/domain';

// The input rules of every amount field (issue 25): the minimum, the step and the maximum the server
// accepts, in one place the server's limits and the domain's rules come from, so the screen states them
// before the customer types (「5,000円以上、1,000円単位、100,000,000円まで」) and checks what is typed
// with the very figures the API refuses beyond. The rule's shape, its hint and its messages are the
// domain's (amount-rule.ts), so the shared amount field needs no schemas library (decision 028).

/**
 * 購入金額 of a spot buy: the order must buy at least one unit at the latest price (⌊金額 × 10,000 ÷ 基準価額⌋
 * ≥ 1, or the server answers 400-207), so the minimum is the cost of one unit; up to the order limit.
 */
export function spotBuyAmountRule(nav: NavPer10k | null): AmountRule {
  return {
    what: '購入金額',
    unit: '円',
    minimum: nav === null ? 1n : costOfUnits(units(1n), nav),
    step: 1n,
    maximum: maxOrderAmountYen,
    ...(nav === null ? {} : { minimumReason: '最新の基準価額で1口以上になる金額' }),
  };
}

/** 購入口数 of a spot buy. */
export const spotBuyUnitsRule: AmountRule = {
  what: '購入口数',
  unit: '口',
  minimum: 1n,
  step: 1n,
  maximum: maxOrderUnits,
  maximumHint: '',
};

/** 売却金額 of a sell (the units to sell are worked out from it; more than is held sells everything). */
export const sellAmountRule: AmountRule = {
  what: '売却金額',
  unit: '円',
  minimum: 1n,
  step: 1n,
  maximum: maxOrderAmountYen,
};

/** 売却口数: up to the units that can be sold (400-206 beyond), when they are known. */
export function sellUnitsRule(sellable: bigint | null): AmountRule {
  return {
    what: '売却口数',
    unit: '口',
    minimum: 1n,
    step: 1n,
    ...(sellable === null || sellable > maxOrderUnits
      ? // before an account is chosen the sell form says where the maximum comes from
        { maximum: maxOrderUnits, maximumHint: '' }
      : { maximum: sellable, maximumReason: '売却可能な口数' }),
  };
}

/** 積立金額 and ボーナス月の増額分 (domain.md §3): from 5,000 yen in steps of 1,000. */
export function recurringAmountRule(what: string): AmountRule {
  return {
    what,
    unit: '円',
    minimum: recurringPlanRules.minimumAmount,
    step: recurringPlanRules.amountStep,
    maximum: maxRecurringAmount,
  };
}

/** 毎月の入金額. */
export const monthlyDepositAmountRule: AmountRule = {
  what: '毎月の入金額',
  unit: '円',
  minimum: 1n,
  step: 1n,
  maximum: maxMonthlyDepositAmount,
};

/** The figure of a 定期売却: yen, units, or a whole percentage of the units held (1-100). */
export function scheduledSellValueRule(type: 'AMOUNT' | 'QUANTITY' | 'RATE'): AmountRule {
  switch (type) {
    case 'AMOUNT':
      return { what: '売却金額', unit: '円', minimum: 1n, step: 1n, maximum: maxScheduledSellValue };
    case 'QUANTITY':
      return { what: '売却口数', unit: '口', minimum: 1n, step: 1n, maximum: maxScheduledSellValue };
    case 'RATE':
      return { what: '定率', unit: '%', minimum: 1n, step: 1n, maximum: 100n };
  }
}

/** ご利用ポイント (domain.md §4): from 200 in steps of 100, up to the points held (rounded to the step). */
export function pointsRule(balance: bigint): AmountRule {
  const usable = balance - (balance % pointRules.step);
  return {
    what: 'ご利用ポイント',
    unit: 'ポイント',
    minimum: pointRules.minimum,
    step: pointRules.step,
    maximum: usable < maxOrderPoints ? usable : maxOrderPoints,
    maximumReason: 'ご利用可能なポイント',
  };
}
