import type { ReactNode } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import {
  AmountField,
  Field,
  RadioGroup,
  SegmentedControl,
  Select,
  type AmountFieldProps,
  type RadioOption,
  type SegmentedOption,
  type SelectOption,
} from './ui';

/**
 * The screens' form fields bound to react-hook-form, so a field is one line (decision 012, as epic-stack's
 * forms.tsx): the field's value, blur and error come from the form; label, hint, error and the ids that tie
 * them to the control (aria-describedby, aria-invalid) stay in components/ui, unchanged.
 */
interface Bound<T extends FieldValues, V> {
  /** The form's control; what the resolver makes of the values on submit does not matter to a field. */
  readonly control: Control<T, unknown, FieldValues>;
  readonly name: FieldPathByValue<T, V>;
}

/** An AmountField of the form; `error` is shown when the form has none of its own (a refusal from the server). */
export function AmountFormField<T extends FieldValues>({
  control,
  name,
  error,
  ...field
}: Bound<T, string> & Omit<AmountFieldProps, 'value' | 'onValueChange' | 'onBlur' | 'name'>) {
  const { field: bound, fieldState } = useController({ control, name });
  return (
    <AmountField
      {...field}
      error={fieldState.error?.message ?? error}
      name={bound.name}
      value={bound.value}
      onValueChange={bound.onChange}
      onBlur={bound.onBlur}
    />
  );
}

/** A labelled select of the form. */
export function SelectFormField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  options,
}: Bound<T, string> & {
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly required?: boolean;
  readonly options: readonly SelectOption[];
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message} required={required}>
      {(described) => (
        <Select
          {...described}
          options={options}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          name={field.name}
        />
      )}
    </Field>
  );
}

/** A radio group of the form, its legend the label. */
export function RadioFormField<T extends FieldValues, V extends string>({
  control,
  name,
  legend,
  options,
}: Bound<T, V | undefined> & { readonly legend: ReactNode; readonly options: readonly RadioOption<V>[] }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <RadioGroup
      legend={legend}
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message}
      options={options}
    />
  );
}

/** A segmented control of the form (a choice of two or three that changes the rest of the form). */
export function SegmentedFormField<T extends FieldValues, V extends string>({
  control,
  name,
  label,
  showLabel,
  options,
}: Bound<T, V> & {
  readonly label: string;
  readonly showLabel?: boolean;
  readonly options: readonly SegmentedOption<V>[];
}) {
  const { field } = useController({ control, name });
  return (
    <SegmentedControl
      label={label}
      showLabel={showLabel}
      options={options}
      value={field.value}
      onChange={field.onChange}
    />
  );
}
