import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { readOnlyControlTitle, useReadOnly } from '../../lib/read-only/read-only';
import { buttonClassName, buttonSizeStyle, type ButtonLookProps } from './button-style';
import './button.css';

export interface ButtonProps
  extends
    ButtonLookProps,
    Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof ButtonLookProps | 'aria-busy'> {
  /** Shows a spinner and ignores clicks while an action runs; the button keeps its focus. */
  readonly loading?: boolean;
  /** The button places, changes or cancels something: disabled on read-only screens (lib/read-only). */
  readonly writes?: boolean;
}

export function Button({
  variant,
  bold,
  width,
  height,
  fontSize,
  loading = false,
  writes = false,
  type = 'button',
  className,
  style,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const readOnly = useReadOnly() && writes;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      // also stops a submit button from submitting its form a second time
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  return (
    <button
      {...rest}
      {...(readOnly ? { disabled: true, title: readOnlyControlTitle } : {})}
      type={type}
      className={buttonClassName({ variant, bold }, { loading, className })}
      style={buttonSizeStyle({ width, height, fontSize }, style)}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={handleClick}
    >
      {loading ? <span className="button__spinner" aria-hidden="true" /> : null}
      <span className="button__label">{children}</span>
    </button>
  );
}
