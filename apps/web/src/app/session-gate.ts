// The session check of every page load (spec §4 "Session"), as the loader of the pages' route. The sign-in
// round trip and the token life live in lib/auth; this gate only puts the spec's steps in order, with the
// maintenance status (a feature's call) in between.

import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { isUnderMaintenance } from '../features/system/api/get-maintenance-status';
import { isAccessTokenExpired } from '../lib/auth/access-token-claims';
import { getValidAccessToken } from '../lib/auth/access-token';
import { browserLocation } from '../lib/navigation/browser-location';
import { afterFirstScreen } from '../lib/scheduling/after-first-screen';
import { takeFlashMessage } from '../lib/auth/flash-message';
import { pathWithoutSignInParams } from '../lib/auth/return-path';
import { isSignInReturn, skipsSignInCheck } from '../lib/auth/session-routes';
import { readTokenSet } from '../lib/auth/token-store';
import { MaintenanceError } from '../lib/errors/maintenance-error';
import { RedirectError } from '../lib/errors/redirect-error';
import { useUiStore } from '../lib/store/ui-store';

/**
 * A page may render: start the session's background services once the first screen is shown (their code
 * is not in the first bundle, decision 028, nor fetched before that screen's own files, decision 030) and
 * show a message kept across sign-in.
 */
function sessionReady(): null {
  afterFirstScreen(
    () =>
      void import('../lib/auth/session-services').then(({ startSessionServices }) => startSessionServices()),
  );
  const flash = takeFlashMessage();
  if (flash !== null) useUiStore.getState().showToast(flash);
  return null;
}

/**
 * The page to come back to after sign-in. The loader's request has no hash; the browser's location has,
 * when it is the same page (the first load).
 */
function returnPathOf(requestUrl: URL): string {
  const current = new URL(browserLocation.currentPath(), requestUrl.origin);
  return pathWithoutSignInParams(current.pathname === requestUrl.pathname ? current : requestUrl);
}

/**
 * 1. A page that skips the sign-in check (spec §2): nothing to do.
 * 2. A return from sign-in (`code` in the query, outside /saisonConnect): exchange the code when the state
 *    matches, then reload (completeSignInReturn).
 * 3. A valid token: the page renders.
 * 4. An expired or missing token: the maintenance status first; under maintenance the maintenance page.
 *    Otherwise an expired token with a refresh token is refreshed (a failure leads to sign-in with a
 *    message), and without one the customer goes to sign-in.
 * Whenever the browser is leaving, the loader throws RedirectError: the redirect page shows until it has.
 */
export function sessionGateLoader({ request }: LoaderFunctionArgs): Promise<null> {
  return sessionGateFor(request);
}

/**
 * The gate's outcome for one navigation. React Router runs the loaders of a navigation side by side
 * with one Request; a page's loader awaits this before it calls an API, so no call starts before the
 * session is known good and a missing session starts exactly one sign-in.
 */
const gates = new WeakMap<Request, Promise<null>>();

export function sessionGateFor(request: Request): Promise<null> {
  let gate = gates.get(request);
  if (gate === undefined) {
    gate = checkSession(request);
    gates.set(request, gate);
  }
  return gate;
}

async function checkSession(request: Request): Promise<null> {
  const url = new URL(request.url);
  if (skipsSignInCheck(url.pathname)) return null;

  // the sign-in round trip's code loads only when it is needed (decision 028): a signed-in first screen
  // does not wait for it
  if (isSignInReturn(url)) {
    const { completeSignInReturn } = await import('../lib/auth/sign-in');
    await completeSignInReturn(url);
    throw new RedirectError();
  }

  const tokens = readTokenSet();
  if (tokens !== null && !isAccessTokenExpired(tokens.access_token)) return sessionReady();

  if (await isUnderMaintenance()) throw new MaintenanceError();

  if (tokens?.refresh_token !== undefined) {
    // rejects with RedirectError after sending the customer to sign-in when the refresh fails
    await getValidAccessToken();
    return sessionReady();
  }

  const { startSignIn } = await import('../lib/auth/sign-in');
  await startSignIn({ returnTo: returnPathOf(url) });
  throw new RedirectError();
}

/**
 * The gate runs once per page load, not on every navigation inside the app, with one exception: leaving a
 * page that skipped the check (e.g. /new) for one that needs a session runs the check then.
 */
export function sessionGateRevalidates({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return skipsSignInCheck(currentUrl.pathname) && !skipsSignInCheck(nextUrl.pathname);
}
