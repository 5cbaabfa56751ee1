import { forwardRef, type InputHTMLAttributes } from 'react';
import type { FieldControlProps } from './field';

export interface TextInputProps
  extends FieldControlProps, Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldControlProps | 'type'> {
  /** text (default), password, email or a numeric code typed as text with `inputMode="numeric"`. */
  readonly type?: 'text' | 'password' | 'email';
}

/**
 * A one-line text input placed in a Field: 口座番号, an address, a code, a password. Registered with
 * react-hook-form's `register` (hence the forwarded ref).
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { type = 'text', className, ...rest },
  ref,
) {
  return (
    <input
      {...rest}
      ref={ref}
      type={type}
      className={className === undefined ? 'ui-text-input' : `ui-text-input ${className}`}
    />
  );
});
