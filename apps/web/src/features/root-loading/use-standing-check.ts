import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { tryGetValidAccessToken } from '../../lib/auth/access-token';
import { skipsSignInCheck } from '../../lib/auth/session-routes';
import { createRootLoadingCalls } from './root-loading-calls';
import { isStandingChecked, runStandingCheck } from './root-loading';
import { createRootLoadingEffects } from './use-root-loading';

type StandingCheck = 'idle' | 'checking' | 'done';

/**
 * The account-state check of the pages that skip the root loading but act for a signed-in customer
 * (STANDING_CHECKED_PATHS): once, when the shell starts on one of them. Answers true while it runs, so
 * the page does not show before the locked or closed screen would replace it. On a page that skips the
 * sign-in check it runs only with a session (asked without leaving the page); a visitor who is not
 * signed in is never asked about.
 */
export function useStandingCheck({ ready, pathname }: { ready: boolean; pathname: string }): boolean {
  const queryClient = useQueryClient();
  const [check, setCheck] = useState<StandingCheck>('idle');
  const started = useRef(false);

  // decided during render, so the page does not flash for a frame before the check starts
  if (check === 'idle' && ready && isStandingChecked(pathname)) setCheck('checking');

  useEffect(() => {
    // the ref keeps StrictMode's second effect run from checking again
    if (check !== 'checking' || started.current) return;
    started.current = true;
    const signedIn = skipsSignInCheck(pathname)
      ? tryGetValidAccessToken().then((token) => token !== null)
      : Promise.resolve(true);
    void signedIn
      .then((yes) =>
        yes ? runStandingCheck(createRootLoadingCalls(queryClient), createRootLoadingEffects('')) : undefined,
      )
      // the check swallows its failures; should anything still throw, the page shows rather than nothing
      .catch(() => undefined)
      .finally(() => setCheck('done'));
  }, [check, pathname, queryClient]);

  return check === 'checking';
}
