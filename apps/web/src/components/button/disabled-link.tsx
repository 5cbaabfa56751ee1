import type { ReactNode } from 'react';
import { readOnlyControlTitle } from '../../lib/read-only/read-only';
import './button.css';

/**
 * In place of a link that leads to a change (a write screen, the identity service's settings, a mail to
 * support) on read-only screens (an operator's view, decision 024): the same words, disabled, saying why.
 */
export function DisabledLink({
  className,
  children,
}: {
  readonly className?: string;
  readonly children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className === undefined ? 'disabled-link' : `disabled-link ${className}`}
      disabled
      title={readOnlyControlTitle}
    >
      {children}
    </button>
  );
}
