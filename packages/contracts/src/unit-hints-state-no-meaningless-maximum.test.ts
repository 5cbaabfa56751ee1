import { amountRuleMessage, amountRuleText } from '@fund/domain';
import { describe, expect, it } from 'vitest';
import { maxOrderUnits } from './amount-limits.ts';
import { sellUnitsRule, spotBuyAmountRule, spotBuyUnitsRule } from './amount-rules.ts';

// Issue 25: the sell screen's 売却口数 hint read 「1口以上、1口単位、1,000,000,000,000,000口まで」 before an
// account was chosen: the request's limit, a figure no customer holds. Hints name a maximum a customer can
// reach; the messages still refuse beyond the request's limit.
describe('unit hints state no maximum a customer could never reach', () => {
  it('names no maximum while the account to sell from is not chosen (the form says 売却可能な口数 follows), and the units once it is', () => {
    expect(amountRuleText(sellUnitsRule(null))).toBe('1口以上、1口単位');
    expect(amountRuleText(sellUnitsRule(12_345n))).toBe('1口以上、1口単位、12,345口まで（売却可能な口数）');
  });

  it('states no maximum for 購入口数, and still refuses units beyond the request’s limit', () => {
    expect(amountRuleText(spotBuyUnitsRule)).toBe('1口以上、1口単位');
    expect(amountRuleMessage(String(maxOrderUnits + 1n), spotBuyUnitsRule)).toBe(
      '購入口数は1,000,000,000,000,000口までで入力してください',
    );
  });

  it('keeps the yen maximum a customer can meet (10億円)', () => {
    expect(amountRuleText(spotBuyAmountRule(null))).toBe('1円以上、1円単位、1,000,000,000円まで');
  });
});
