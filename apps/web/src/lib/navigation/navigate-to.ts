import { browserLocation } from './browser-location';
import { isAllowedExternalUrl } from './external';

/**
 * Whether the app may send the customer to this URL in the same window (spec §8, security.md 32): its own
 * origin always (a relative URL resolves there), another site only when it is on the allow-list, and
 * never a non-http(s) URL such as `javascript:` or `data:`.
 */
export function isAllowedNavigationUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  return parsed.origin === window.location.origin || isAllowedExternalUrl(parsed.href);
}

/**
 * Leaves the app for a URL (redirects to the identity service, hand-offs to partner sites). Refuses,
 * doing nothing and returning false, a URL that is not allowed.
 */
export function navigateTo(url: string): boolean {
  if (!isAllowedNavigationUrl(url)) return false;
  browserLocation.assign(new URL(url, window.location.href).href);
  return true;
}
