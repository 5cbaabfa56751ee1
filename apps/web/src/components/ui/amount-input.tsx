import { groupDigits } from '@fund/domain';
import { useRef, type ChangeEvent, type InputHTMLAttributes } from 'react';
import type { FieldControlProps } from './field';

function halfWidthDigits(text: string): string {
  return text.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
}

/** Full-width digits (IME input) count as digits; everything else but digits is dropped. */
export function digitsOf(text: string): string {
  return halfWidthDigits(text).replace(/\D/g, '');
}

/**
 * The characters typed that are not digits and not the grouping the box shows itself (commas, spaces):
 * letters, signs, a decimal point. They are dropped from the value, so the customer is told (issue 25).
 */
export function refusedCharactersOf(text: string): string {
  return halfWidthDigits(text).replace(/[\d,，\s]/g, '');
}

/** Digits without leading zeros, grouped by thousands ("1234567" → "1,234,567"); '' stays ''. */
export function groupedDigits(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  return trimmed === '' ? '' : groupDigits(trimmed);
}

export interface AmountInputProps
  extends
    FieldControlProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | keyof FieldControlProps> {
  /** The amount as digits ('' when empty): whole yen or units, never a float. */
  readonly value: string;
  readonly onValueChange: (digits: string) => void;
  /** 円, 口, ポイント or % (a whole percentage such as a 定率), shown after the box. */
  readonly unit: '円' | '口' | 'ポイント' | '%';
  /** Told on every change what was typed but dropped ('' when nothing was). */
  readonly onRefusedCharacters?: (characters: string) => void;
}

/**
 * A numeric input for yen or units that groups the digits with commas as the customer types
 * (「1,000,000」), keeps the caret after the same digit, takes full-width digits, and hands the form the
 * plain digits.
 */
export function AmountInput({ value, onValueChange, onRefusedCharacters, unit, ...rest }: AmountInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const caret = input.selectionStart ?? input.value.length;
    const digitsBeforeCaret = digitsOf(input.value.slice(0, caret)).replace(/^0+(?=\d)/, '').length;
    const digits = digitsOf(input.value)
      .replace(/^0+(?=\d)/, '')
      .slice(0, 16);
    onRefusedCharacters?.(refusedCharactersOf(input.value));
    onValueChange(digits);
    // after React has rendered the grouped text, put the caret after the same digit
    requestAnimationFrame(() => {
      const element = ref.current;
      if (element === null || document.activeElement !== element) return;
      let seen = 0;
      let position = 0;
      while (position < element.value.length && seen < digitsBeforeCaret) {
        if (/\d/.test(element.value[position] ?? '')) seen += 1;
        position += 1;
      }
      element.setSelectionRange(position, position);
    });
  };
  return (
    <span className="ui-amount-input">
      <input
        {...rest}
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="ui-amount-input__box"
        value={groupedDigits(value)}
        onChange={onChange}
      />
      <span className="ui-amount-input__unit" aria-hidden="true">
        {unit}
      </span>
    </span>
  );
}
