import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { isWriteScreen, readOnlyControlTitle, useReadOnly } from '../../lib/read-only/read-only';
import { ExternalLink } from '../external-link/external-link';
import { buttonClassName, buttonSizeStyle, type ButtonLookProps } from './button-style';
import './button.css';

interface LinkButtonBase extends ButtonLookProps {
  readonly children: ReactNode;
  readonly className?: string;
}

/** A link that looks like a button: `to` for a page of this app, `href` for another site (new window). */
export type LinkButtonProps = LinkButtonBase &
  ({ readonly to: To; readonly href?: never } | { readonly href: string; readonly to?: never });

export function LinkButton({
  variant,
  bold,
  width,
  height,
  fontSize,
  className,
  children,
  ...target
}: LinkButtonProps) {
  const readOnly = useReadOnly();
  const look = {
    className: buttonClassName({ variant, bold }, { className }),
    style: buttonSizeStyle({ width, height, fontSize }),
  };
  const label = <span className="button__label">{children}</span>;
  if (target.href !== undefined) {
    return (
      <ExternalLink href={target.href} {...look}>
        {label}
      </ExternalLink>
    );
  }
  if (readOnly && isWriteScreen(target.to)) {
    // read-only screens (an operator's view, decision 024): the way to a write screen is shown, disabled
    return (
      <button type="button" disabled title={readOnlyControlTitle} {...look}>
        {label}
      </button>
    );
  }
  return (
    <Link to={target.to} {...look}>
      {label}
    </Link>
  );
}
