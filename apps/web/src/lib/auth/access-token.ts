// The access token's life (spec §4 steps 3 and 5, security 33). Imported by the API client, which asks
// for a valid token before each authenticated call (spec §7).

import { RedirectError } from '../errors/redirect-error';
import { isAccessTokenExpired } from './access-token-claims';
import { sleep, withRefreshLock } from './refresh-lock';
import { clearTokenSet, readTokenSet, writeTokenSet } from './token-store';

/** Spec §9: after a refresh the lock is held 100 ms longer, so other tabs read the new tokens. */
export const PAUSE_AFTER_REFRESH_MS = 100;

/** There is no stored session to refresh: the customer has to sign in. */
class NoSessionError extends Error {
  override readonly name = 'NoSessionError';
}

function storedValidAccessToken(): string | null {
  const tokens = readTokenSet();
  return tokens !== null && !isAccessTokenExpired(tokens.access_token) ? tokens.access_token : null;
}

/** Whether a stored access token is still valid: signed in, with no call needed to know it. */
export function hasValidStoredAccessToken(): boolean {
  return storedValidAccessToken() !== null;
}

/** Inside the cross-tab lock: re-read first, refresh only if the token is still expired. */
async function refreshHoldingLock(): Promise<string> {
  const tokens = readTokenSet();
  if (tokens !== null && !isAccessTokenExpired(tokens.access_token)) return tokens.access_token;
  if (tokens?.refresh_token === undefined) throw new NoSessionError();
  const { refreshTokens } = await import('./oidc-client');
  const fresh = await refreshTokens(tokens.refresh_token);
  const next = { ...fresh, refresh_token: fresh.refresh_token ?? tokens.refresh_token };
  writeTokenSet(next);
  await sleep(PAUSE_AFTER_REFRESH_MS);
  return next.access_token;
}

async function renew(): Promise<string> {
  try {
    return await withRefreshLock(refreshHoldingLock);
  } catch (error) {
    const expired = !(error instanceof NoSessionError);
    clearTokenSet();
    // the sign-in page itself says why (spec §4 step 5): the customer reads it where they must act; its
    // code loads on demand, like the token client's (decision 028)
    const { startSignIn } = await import('./sign-in');
    await startSignIn(expired ? { notice: 'session_expired' } : {});
    throw new RedirectError();
  }
}

let renewal: Promise<string> | null = null;

/**
 * A valid access token: the stored one while it is valid; otherwise a refreshed one, with one refresh in
 * flight however many calls ask at once (a shared promise) and however many tabs (a cross-tab lock).
 *
 * When the refresh fails (or there is no session at all) the tokens are cleared and the browser leaves
 * for the sign-in screen (with a flash message after a failed refresh); the promise then rejects with
 * RedirectError, which callers pass on quietly: the page is going away.
 */
export function getValidAccessToken(): Promise<string> {
  const valid = storedValidAccessToken();
  if (valid !== null) return Promise.resolve(valid);
  renewal ??= renew().finally(() => {
    renewal = null;
  });
  return renewal;
}

/** As getValidAccessToken, but without leaving the page: null when there is no valid token to be had. */
export async function tryGetValidAccessToken(): Promise<string | null> {
  const valid = storedValidAccessToken();
  if (valid !== null) return valid;
  try {
    return await withRefreshLock(refreshHoldingLock);
  } catch {
    return null;
  }
}
