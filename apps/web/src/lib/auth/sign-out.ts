import { env } from '../../config/env';
import { tryGetValidAccessToken } from './access-token';
import { browserLocation } from '../navigation/browser-location';
import { sleep } from './refresh-lock';
import { readTokenSet } from './token-store';

/** Sign-out never waits longer than this for the identity service; the local part happens regardless. */
export const SIGN_OUT_CALLS_TIMEOUT_MS = 5_000;

async function endSessionsAtProvider(everywhere: boolean): Promise<void> {
  const oidc = await import('./oidc-client');
  if (everywhere) {
    // global sign-out needs a valid access token; an expired one is refreshed first (quietly)
    const accessToken = await tryGetValidAccessToken();
    if (accessToken !== null) await oidc.revokeAllSessions(accessToken).catch(() => undefined);
  }
  // read after the refresh above, which rotates the refresh token
  const refreshToken = readTokenSet()?.refresh_token;
  if (refreshToken !== undefined) await oidc.revokeRefreshToken(refreshToken).catch(() => undefined);
}

function clearStorage(): void {
  for (const storage of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      storage().clear();
    } catch {
      // unavailable storage holds nothing to clear
    }
  }
}

export interface SignOutOptions {
  /**
   * Also end every other session of the customer (global sign-out, spec §7, scope
   * user.session.revoke.self). Default: the app's setting (VITE_GLOBAL_SIGN_OUT). Only meaningful when
   * that setting is on, since the token carries the scope only then.
   */
  readonly everywhere?: boolean;
}

/**
 * Sign-out (spec §4 step 6, security 32): ends the session at the identity service, best effort (with
 * global sign-out, every session of the customer; then the refresh token is revoked), clears local and
 * session storage and reloads; the reloaded page then finds no session and goes to sign-in.
 */
export async function signOut({ everywhere = env.globalSignOut }: SignOutOptions = {}): Promise<void> {
  await Promise.race([
    endSessionsAtProvider(everywhere).catch(() => undefined),
    sleep(SIGN_OUT_CALLS_TIMEOUT_MS),
  ]);
  clearStorage();
  browserLocation.reload();
}
