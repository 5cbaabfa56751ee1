import { amountRuleMessage, amountRuleText, type AmountRule } from '@fund/domain';
import { useState, type ReactNode } from 'react';
import { AmountInput } from './amount-input';
import { Field } from './field';

export interface AmountFieldProps {
  readonly label: ReactNode;
  /** The rule the server applies (from packages/contracts amount-rules): stated as the hint, checked as typed. */
  readonly rule: AmountRule;
  /** More about the field after the rule (what the amount covers, what happens above the holding). */
  readonly note?: string;
  readonly value: string;
  readonly onValueChange: (digits: string) => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  /** The form's own message (required, a balance, a refusal from the server). */
  readonly error?: string | undefined;
  readonly required?: boolean;
}

/**
 * One amount field for every screen that takes yen, units, points or a rate (issue 25): its rule
 * (minimum, step, maximum) is under the label before anything is typed and tied to the box with
 * aria-describedby; what is typed is checked against the same rule at once, and characters that cannot
 * be part of an amount are named instead of vanishing.
 */
export function AmountField({
  label,
  rule,
  note,
  value,
  onValueChange,
  onBlur,
  name,
  error,
  required = false,
}: AmountFieldProps) {
  const [refused, setRefused] = useState('');
  const ruleText = amountRuleText(rule);
  const message =
    refused === ''
      ? (amountRuleMessage(value, rule) ?? error)
      : `${rule.what}は数字で入力してください（「${refused}」は入力できません）`;
  return (
    <Field
      label={label}
      hint={note === undefined ? ruleText : `${ruleText}。${note}`}
      error={message}
      required={required}
    >
      {(control) => (
        <AmountInput
          {...control}
          unit={rule.unit}
          value={value}
          onValueChange={onValueChange}
          onRefusedCharacters={setRefused}
          {...(onBlur === undefined ? {} : { onBlur })}
          {...(name === undefined ? {} : { name })}
        />
      )}
    </Field>
  );
}
