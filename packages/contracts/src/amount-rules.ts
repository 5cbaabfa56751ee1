import {
  costOfUnits,
  groupDigits,
  pointRules,
  recurringPlanRules,
  units,
  type NavPer10k,
} from '@fund/domain';
import { maxMonthlyDepositAmount, maxRecurringAmount, maxScheduledSellValue } from './plans.ts';
import { maxOrderAmountYen, maxOrderPoints, maxOrderUnits } from './trading.ts';

// The input rules of every amount field (issue 25): the minimum, the step and the maximum the server
// accepts, in one place the server's limits and the domain's rules come from, so the screen states them
// before the customer types (「5,000円以上、1,000円単位、100,000,000円まで」) and checks what is typed
// with the very figures the API refuses beyond.

export type AmountUnit = '円' | '口' | 'ポイント' | '%';

export interface AmountRule {
  /** The field's name in messages (購入金額, 積立金額, ご利用ポイント). */
  readonly what: string;
  readonly unit: AmountUnit;
  readonly minimum: bigint;
  readonly step: bigint;
  readonly maximum: bigint;
  /** Why the minimum is what it is, when it is not a fixed rule (the fund's price). */
  readonly minimumReason?: string;
  /** Why the maximum is what it is, when it is not the call's limit (the points held). */
  readonly maximumReason?: string;
}

function figure(value: bigint, unit: AmountUnit): string {
  return `${groupDigits(value)}${unit}`;
}

/** 「5,000円以上、1,000円単位、100,000,000円まで」: the rule as the hint under the field's label. */
export function amountRuleText(rule: AmountRule): string {
  const minimum = `${figure(rule.minimum, rule.unit)}以上${rule.minimumReason === undefined ? '' : `（${rule.minimumReason}）`}`;
  const maximum = `${figure(rule.maximum, rule.unit)}まで${rule.maximumReason === undefined ? '' : `（${rule.maximumReason}）`}`;
  return `${minimum}、${figure(rule.step, rule.unit)}単位、${maximum}`;
}

/**
 * What is wrong with the digits typed against the rule, in Japanese, or null when they keep it. An empty
 * field is not judged here (the form says it is required when it is sent).
 */
export function amountRuleMessage(digits: string, rule: AmountRule): string | null {
  if (digits === '') return null;
  if (!/^[0-9]+$/.test(digits)) return `${rule.what}は数字で入力してください`;
  const value = BigInt(digits);
  if (value < rule.minimum) return `${rule.what}は${figure(rule.minimum, rule.unit)}以上で入力してください`;
  if (value > rule.maximum)
    return `${rule.what}は${figure(rule.maximum, rule.unit)}までで入力してください${rule.maximumReason === undefined ? '' : `（${rule.maximumReason}）`}`;
  if (value % rule.step !== 0n) return `${rule.what}は${figure(rule.step, rule.unit)}単位で入力してください`;
  return null;
}

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
      ? { maximum: maxOrderUnits }
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
