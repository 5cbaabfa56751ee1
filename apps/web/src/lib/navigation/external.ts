import { allowedExternalOrigins } from '../../config/env';
import { openInNativeBrowser } from '../native/native-bridge';

/**
 * Whether the app may send the customer to this URL: http(s) on a configured site or on the app's own
 * origin (spec §8), e.g. the trade-report link that our server's partner simulator answers by default.
 */
export function isAllowedExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
    (allowedExternalOrigins.has(parsed.origin) || parsed.origin === window.location.origin)
  );
}

/**
 * Opens another site in a new window without access to this one (spec §7); in the native app, in the
 * device's browser through the wrapper ('openExternalBrowser'). Returns false, opening nothing, for a URL
 * that is not allowed.
 */
export function openExternalUrl(url: string): boolean {
  if (!isAllowedExternalUrl(url)) return false;
  if (openInNativeBrowser(url)) return true;
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}

/** The maintenance page's reload action; a function of its own so that tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
