import { useId, type ReactNode } from 'react';

export interface RadioOption<T extends string> {
  readonly value: T;
  readonly label: ReactNode;
  /** A line under the label (e.g. the NISA room left). */
  readonly description?: ReactNode;
  readonly disabled?: boolean;
}

export interface RadioGroupProps<T extends string> {
  readonly legend: ReactNode;
  readonly options: readonly RadioOption<T>[];
  readonly value: T | undefined;
  readonly onChange: (value: T) => void;
  readonly error?: string;
  readonly name?: string;
}

/** A choice among described options as a fieldset of large radio cards (account type, payment). */
export function RadioGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  name,
}: RadioGroupProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={error === undefined ? 'ui-radio-group' : 'ui-radio-group ui-radio-group--invalid'}
      aria-describedby={error === undefined ? undefined : errorId}
    >
      <legend className="ui-radio-group__legend">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="ui-radio-group__option">
          <input
            type="radio"
            name={name ?? id}
            value={option.value}
            checked={option.value === value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span className="ui-radio-group__text">
            <span className="ui-radio-group__label">{option.label}</span>
            {option.description === undefined ? null : (
              <span className="ui-radio-group__description">{option.description}</span>
            )}
          </span>
        </label>
      ))}
      {error === undefined ? null : (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
