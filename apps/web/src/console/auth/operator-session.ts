// The operator's session in the console (spec §4 "A separate administrator sign-in exists: sign in,
// complete new password, forgot password, session refresh"; §6 "its own stored tokens and expiry check").
// The provider's pages do the sign-in, the new password and the forgotten password; the console starts
// the round trip, takes the code back, refreshes and signs out.
import { RedirectError } from '../../lib/errors/redirect-error';
import { codeChallengeS256, createCodeVerifier } from '../../lib/auth/pkce';
import { local, readItem, removeItem, writeItem } from '../../lib/auth/storage-keys';
import { browserLocation } from '../../lib/navigation/browser-location';
import { navigateTo } from '../../lib/navigation/navigate-to';
import { consoleBasename } from '../console-paths';
import {
  clearOperatorTokens,
  OperatorKey,
  readOperatorTokens,
  validOperatorAccessToken,
  writeOperatorTokens,
} from './operator-token-store';

/** Random characters before the state's extra data (spec §3: "extra data encoded after a random prefix"). */
const statePrefixLength = 32;

/** The console's page the operator returns to, kept in the state after a random prefix (spec §3). */
function newState(returnTo: string): string {
  return `${createCodeVerifier(statePrefixLength)}.${encodeURIComponent(returnTo)}`;
}

function returnPathOf(state: string): string {
  // by length: the prefix's own characters include '.'
  const encoded = state.slice(statePrefixLength + 1);
  let path: string;
  try {
    path = decodeURIComponent(encoded);
  } catch {
    return `${consoleBasename}/`;
  }
  // only a page of the console itself: never another site or the customer app
  return path.startsWith(`${consoleBasename}/`) && !path.startsWith('//') ? path : `${consoleBasename}/`;
}

let leaving: Promise<void> | null = null;
// a page restored from the back-forward cache has not left after all: it may have to leave again
window.addEventListener('pageshow', (event) => {
  if (event.persisted) leaving = null;
});

/** Leaves for the operator sign-in page, to come back to `returnTo` (a console path; default: here). */
export function startOperatorSignIn(returnTo?: string): Promise<void> {
  leaving ??= (async () => {
    const verifier = createCodeVerifier();
    const state = newState(returnTo ?? browserLocation.currentPath());
    const [{ operatorAuthorizationUrl }, challenge] = await Promise.all([
      import('./operator-oidc'),
      codeChallengeS256(verifier),
    ]);
    const url = await operatorAuthorizationUrl(state, challenge);
    writeItem(local, OperatorKey.codeVerifier, verifier);
    writeItem(local, OperatorKey.state, state);
    if (!navigateTo(url)) throw new Error(`Operator sign-in URL refused: ${url}`);
  })().catch((error: unknown) => {
    leaving = null;
    throw error;
  });
  return leaving;
}

/** Whether the page is the provider's return to the console (a code and a state in the query). */
export function isOperatorSignInReturn(url: URL): boolean {
  return url.searchParams.has('code') && url.searchParams.has('state');
}

/**
 * Exchanges the returned code when the state is the one this browser sent (no token request otherwise),
 * stores the tokens and loads the page the state names, without the code in the history.
 */
export async function completeOperatorSignIn(url: URL): Promise<void> {
  const stored = readItem(local, OperatorKey.state);
  const verifier = readItem(local, OperatorKey.codeVerifier);
  const returned = url.searchParams.get('state');
  if (stored === null || verifier === null || returned !== stored) {
    browserLocation.replace(`${consoleBasename}/`);
    return;
  }
  removeItem(local, OperatorKey.state);
  removeItem(local, OperatorKey.codeVerifier);
  const { exchangeOperatorCode } = await import('./operator-oidc');
  writeOperatorTokens(await exchangeOperatorCode(url, stored, verifier));
  browserLocation.replace(returnPathOf(stored));
}

let renewal: Promise<string> | null = null;

/**
 * A valid operator access token: the stored one until it expires, then one refreshed with the refresh
 * token (one refresh at a time). With no session, or a failed refresh, the tokens are cleared and the
 * browser leaves for the sign-in page; the promise then rejects with RedirectError.
 */
export function getOperatorAccessToken(): Promise<string> {
  const valid = validOperatorAccessToken();
  if (valid !== null) return Promise.resolve(valid);
  renewal ??= (async () => {
    const refreshToken = readOperatorTokens()?.refresh_token;
    try {
      if (refreshToken === undefined) throw new Error('no operator session');
      const { refreshOperatorTokens } = await import('./operator-oidc');
      const fresh = await refreshOperatorTokens(refreshToken);
      writeOperatorTokens({ ...fresh, refresh_token: fresh.refresh_token ?? refreshToken });
      return fresh.access_token;
    } catch {
      clearOperatorTokens();
      await startOperatorSignIn();
      throw new RedirectError();
    }
  })().finally(() => {
    renewal = null;
  });
  return renewal;
}

/** Where the console lands after sign-out: a page that offers to sign in again rather than doing it. */
export const signedOutPath = `${consoleBasename}/?signedOut=1`;

/**
 * Signs the operator out: the grant ends at the provider (its access tokens are refused within seconds,
 * decision 006), the stored tokens go, and the console shows that the operator is signed out.
 */
export async function signOutOperator(): Promise<void> {
  const refreshToken = readOperatorTokens()?.refresh_token;
  clearOperatorTokens();
  if (refreshToken !== undefined) {
    try {
      const { revokeOperatorRefreshToken } = await import('./operator-oidc');
      await revokeOperatorRefreshToken(refreshToken);
    } catch {
      // the tokens are gone from this browser either way; the grant then ends with its lifetime
    }
  }
  browserLocation.replace(signedOutPath);
}
