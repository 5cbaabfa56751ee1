import type { ApiBaseUrls } from '../config/api-base-urls';
import { publishFirstScreenResponses } from '../lib/api/first-screen-responses';
import { buildUrl } from '../lib/api/request-url';
import { isAccessTokenExpired } from '../lib/auth/access-token-claims';
import { isSignInReturn } from '../lib/auth/session-routes';
import { readTokenSet } from '../lib/auth/token-store';
import { baseUrlOf, firstScreenCallsOf } from './first-screen-calls';

/**
 * A token that expires this soon is left to the app, which refreshes it before its first call: an answer
 * asked with the old one would not be taken.
 */
const expiryMarginMs = 30_000;

/**
 * Asks the calls of the screen the customer opens, with the stored access token, and leaves the answers
 * for the app's API client (lib/api/first-screen-responses.ts). Nothing is asked without a valid token,
 * on a return from sign-in (the app exchanges the code first) or on a screen not listed.
 */
export function askFirstScreenCalls(
  location: Pick<Location, 'href'>,
  baseUrls: ApiBaseUrls,
  now: number = Date.now(),
  fetchFn: typeof fetch = fetch,
): void {
  const url = new URL(location.href);
  if (isSignInReturn(url)) return;
  const calls = firstScreenCallsOf(url.pathname);
  if (calls.length === 0) return;
  const accessToken = readTokenSet()?.access_token;
  if (accessToken === undefined || isAccessTokenExpired(accessToken, now + expiryMarginMs)) return;
  const headers = { accept: 'application/json', authorization: `Bearer ${accessToken}` };
  const responses = new Map<string, Promise<Response>>();
  for (const call of calls) {
    const callUrl = buildUrl(baseUrlOf(call, baseUrls), call.path, call.query);
    if (responses.has(callUrl)) continue;
    const response = fetchFn(callUrl, { method: 'GET', headers });
    // an answer nobody takes must not be reported as an unhandled rejection; the app asks again
    response.catch(() => undefined);
    responses.set(callUrl, response);
  }
  publishFirstScreenResponses({ accessToken, responses });
}
