import type { AnchorHTMLAttributes } from 'react';

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> {
  readonly href: string;
}

/**
 * A link to another site: a new window without access to this one (spec §7: noopener), and without
 * sending this app's URL, which can carry customer parameters, as the referrer.
 */
export function ExternalLink({ children, ...rest }: ExternalLinkProps) {
  return (
    <a {...rest} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">（新しいウィンドウで開きます）</span>
    </a>
  );
}
