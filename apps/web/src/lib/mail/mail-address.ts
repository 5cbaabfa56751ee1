/**
 * A plain addr-spec without quoting, comments or several recipients: enough for the support address, and
 * nothing that could add header fields to a mailto: URL.
 */
const MAIL_ADDRESS_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function isMailAddress(value: string): boolean {
  return MAIL_ADDRESS_PATTERN.test(value);
}
