import { useId, type ReactNode } from 'react';

/** What a control inside a Field must carry to be labelled and described. */
export interface FieldControlProps {
  readonly id: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: true;
}

export interface FieldProps {
  readonly label: ReactNode;
  /** A rule or example under the label (「5,000円以上、1,000円単位」). */
  readonly hint?: ReactNode;
  /** The field's error in Japanese; the control is marked invalid and described by it. */
  readonly error?: string;
  readonly required?: boolean;
  readonly children: (control: FieldControlProps) => ReactNode;
}

/** Label, hint, control and error of one form field, tied together with ids (aria-describedby). */
export function Field({ label, hint, error, required = false, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className={error === undefined ? 'ui-field' : 'ui-field ui-field--invalid'}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
        {required ? <span className="ui-field__required">必須</span> : null}
      </label>
      {hint === undefined ? null : (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {children({
        id,
        ...(describedBy === '' ? {} : { 'aria-describedby': describedBy }),
        ...(error === undefined ? {} : { 'aria-invalid': true as const }),
      })}
      {error === undefined ? null : (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
