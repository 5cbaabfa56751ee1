import { launchNativeMail } from '../native/native-bridge';
import { isMailAddress } from './mail-address';

export interface MailDraft {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

/**
 * A mailto: URL (RFC 6068): subject and body percent-encoded as UTF-8, line breaks as CRLF, spaces as %20
 * (a "+" would reach the mail app literally).
 */
export function mailtoUrl({ to, subject, body }: MailDraft): string {
  if (!isMailAddress(to)) throw new Error(`Not a mail address: ${to}`);
  const crlfBody = body.replace(/\r?\n/g, '\r\n');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(crlfBody)}`;
}

/**
 * Opens a pre-filled mail draft in the device's mail app (spec §7): inside the native wrapper through its
 * `launchMail` message (a WebView does not hand mailto: links to the mail app reliably), elsewhere
 * through a mailto link. Every mail draft goes through here.
 */
export function openMailDraft(draft: MailDraft): void {
  // the same address check either way: the wrapper gets no draft the browser would refuse
  const url = mailtoUrl(draft);
  if (launchNativeMail(draft)) return;
  window.location.assign(url);
}
