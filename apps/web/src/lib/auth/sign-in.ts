// The sign-in round trip (spec §4 steps 1 and 2): leave for the identity service's sign-in screen with a
// PKCE challenge and a state, and on the way back exchange the code only when the returned state equals
// the stored one (spec §5, security 11).

import { browserLocation } from '../navigation/browser-location';
import { sendNativePushToken } from '../native/native-bridge';
import { navigateTo } from '../navigation/navigate-to';
import type { SignInNotice } from '@fund/contracts';
import { keepFlashMessage } from './flash-message';
import { codeChallengeS256, createCodeVerifier } from './pkce';
import { pathWithoutSignInParams, safeReturnPath } from './return-path';
import { createSignInState, returnPathOfState } from './sign-in-state';
import { local, LocalKey, readItem, removeItem, writeItem } from './storage-keys';
import { writeDeviceId, writeTokenSet } from './token-store';

export interface SignInOptions {
  /** The page to come back to (path, query and hash); default: the current page. */
  readonly returnTo?: string;
  /** A message to show as a toast once the customer is back (see flash-message.ts). */
  readonly flashMessage?: string;
  /** Why the customer must sign in again: the sign-in page says it (spec §4 step 5). */
  readonly notice?: SignInNotice;
  /** A 口座番号 (7 digits) the sign-in page fills in, e.g. handed back by the account-opening site. */
  readonly loginHint?: string;
}

let leaving: Promise<void> | null = null;

/**
 * Leaves for the sign-in screen. Only one departure per page: a second call (another API call whose
 * refresh failed at the same time) waits for the first, so the stored state stays the one in the URL.
 * The returned promise settles once the browser has been told to navigate; the page is then going away.
 */
export function startSignIn(options: SignInOptions = {}): Promise<void> {
  leaving ??= leaveForSignIn(options).catch((error: unknown) => {
    leaving = null;
    throw error;
  });
  return leaving;
}

async function leaveForSignIn({ returnTo, flashMessage, notice, loginHint }: SignInOptions): Promise<void> {
  const codeVerifier = createCodeVerifier();
  const state = createSignInState({
    returnTo: safeReturnPath(
      returnTo ?? pathWithoutSignInParams(new URL(browserLocation.currentPath(), window.location.origin)),
    ),
  });
  const [{ authorizationUrl }, codeChallenge] = await Promise.all([
    import('./oidc-client'),
    codeChallengeS256(codeVerifier),
  ]);
  const url = await authorizationUrl({
    state,
    codeChallenge,
    ...(notice === undefined ? {} : { notice }),
    ...(loginHint === undefined ? {} : { loginHint }),
  });
  writeItem(local, LocalKey.codeVerifier, codeVerifier);
  writeItem(local, LocalKey.state, state);
  if (flashMessage !== undefined) keepFlashMessage(flashMessage);
  // the identity service is on the allow-list; a misconfigured issuer must fail loudly, not navigate
  if (!navigateTo(url)) throw new Error(`Sign-in URL refused by the navigation allow-list: ${url}`);
}

function forgetRoundTrip(): void {
  removeItem(local, LocalKey.codeVerifier);
  removeItem(local, LocalKey.state);
}

/**
 * Finishes a return from sign-in (`url` has a `code`; see isSignInReturn). Always ends by leaving the page:
 * - the returned state is missing or differs from the stored one (or nothing is stored): no token request
 *   at all; the page reloads without the sign-in parameters, and the session check starts over (the
 *   reloaded page goes to sign-in unless it has a valid session);
 * - the exchange succeeds: the token set is stored, and the page reloads at the path the state carried;
 * - the exchange fails: back to the sign-in screen, with a message for the return.
 */
export async function completeSignInReturn(url: URL): Promise<void> {
  const storedState = readItem(local, LocalKey.state);
  const returnedState = url.searchParams.get('state');
  const codeVerifier = readItem(local, LocalKey.codeVerifier);
  if (
    storedState === null ||
    returnedState === null ||
    returnedState !== storedState ||
    codeVerifier === null
  ) {
    // the stored round trip stays: it may still come back in another tab, and a stranger's link must not
    // be able to cancel it
    browserLocation.replace(pathWithoutSignInParams(url));
    return;
  }
  // read only now: a device id in a link that did not come back from our own sign-in is not kept
  const deviceId = url.searchParams.get('device_id');
  if (deviceId !== null && deviceId !== '') writeDeviceId(deviceId);
  const returnTo = returnPathOfState(storedState);
  let accessToken: string;
  try {
    const { exchangeCode } = await import('./oidc-client');
    const tokens = await exchangeCode(url, storedState, codeVerifier);
    writeTokenSet(tokens);
    accessToken = tokens.access_token;
  } catch {
    forgetRoundTrip();
    // said on the sign-in page itself, where the customer is asked to sign in again
    await startSignIn({ returnTo, notice: 'sign_in_failed' });
    return;
  }
  forgetRoundTrip();
  // inside the native wrapper, the device registers for push notifications as this customer (spec §7);
  // posted before the reload, which the message does not wait for
  sendNativePushToken(accessToken);
  browserLocation.replace(returnTo);
}
