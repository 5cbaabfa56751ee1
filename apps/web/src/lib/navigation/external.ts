import { allowedExternalOrigins } from '../../config/env';

/** Whether the app may send the customer to this URL: http(s) on a configured site only (spec §8). */
export function isAllowedExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') && allowedExternalOrigins.has(parsed.origin)
  );
}

/**
 * Opens another site in a new window without access to this one (spec §7). Returns false, opening
 * nothing, for a URL that is not allowed. The native wrapper's external-browser bridge will go here too.
 */
export function openExternalUrl(url: string): boolean {
  if (!isAllowedExternalUrl(url)) return false;
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}

/** The maintenance page's reload action; a function of its own so that tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
