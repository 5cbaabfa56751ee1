import type { SelectHTMLAttributes } from 'react';
import type { FieldControlProps } from './field';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

export interface SelectProps
  extends FieldControlProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof FieldControlProps> {
  readonly options: readonly SelectOption[];
}

/** A native select (the phone's own picker), placed in a Field. */
export function Select({ options, ...rest }: SelectProps) {
  return (
    <select {...rest} className="ui-select">
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
