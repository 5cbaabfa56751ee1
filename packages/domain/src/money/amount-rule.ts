import { groupDigits } from '../display/number-display.ts';

// The shape of an amount field's input rule, its hint and its messages (issue 25). The rules themselves
// (which minimum, step and maximum each field has) are built in packages/contracts' amount-rules.ts from
// the request limits and this package's product rules.

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
  /**
   * What the hint says of the maximum in place of a figure that would mean nothing to a customer (a
   * request's limit of 1,000兆口); an empty string says nothing of it. Messages still name the figure.
   */
  readonly maximumHint?: string;
}

function figure(value: bigint, unit: AmountUnit): string {
  return `${groupDigits(value)}${unit}`;
}

/** 「5,000円以上、1,000円単位、100,000,000円まで」: the rule as the hint under the field's label. */
export function amountRuleText(rule: AmountRule): string {
  const minimum = `${figure(rule.minimum, rule.unit)}以上${rule.minimumReason === undefined ? '' : `（${rule.minimumReason}）`}`;
  const maximum =
    rule.maximumHint ??
    `${figure(rule.maximum, rule.unit)}まで${rule.maximumReason === undefined ? '' : `（${rule.maximumReason}）`}`;
  return [minimum, `${figure(rule.step, rule.unit)}単位`, maximum].filter((part) => part !== '').join('、');
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
