import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isNativeApp, openInNativeBrowser } from '../../lib/native/native-bridge';
import { isAllowedExternalUrl } from '../../lib/navigation/external';
import { useReadOnly } from '../../lib/read-only/read-only';
import { DisabledLink } from '../button/disabled-link';

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> {
  readonly href: string;
  /**
   * The page it opens changes something (the identity service's password, sessions, mail address): on
   * read-only screens (lib/read-only) the words are shown disabled instead.
   */
  readonly writes?: boolean;
}

/**
 * A link to another site: a new window without access to this one (spec §7: noopener), and without
 * sending this app's URL, which can carry customer parameters, as the referrer. Inside the native wrapper
 * the device's browser opens it (`openExternalBrowser`): a WebView has no second window to open.
 */
export function ExternalLink({ href, children, onClick, writes = false, ...rest }: ExternalLinkProps) {
  const readOnly = useReadOnly() && writes;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isNativeApp()) return;
    // only sites the app may send the customer to go to the wrapper; anything else stays a plain link
    if (isAllowedExternalUrl(href) && openInNativeBrowser(href)) event.preventDefault();
  };
  if (readOnly) return <DisabledLink className={rest.className}>{children}</DisabledLink>;
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer" onClick={open}>
      {children}
      <span className="visually-hidden">（新しいウィンドウで開きます）</span>
    </a>
  );
}
