import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { startSignIn } from '../../lib/auth/sign-in';
import { RedirectPage } from './redirect-page';

/**
 * /redirect/openAccount: where the account-opening site sends the customer back (our
 * `redirectToUsernameSignin`, spec §7) to sign in, with the new 口座番号 as `username`. The page only
 * ever leaves for our own sign-in, returning to the home page: `username` is passed on as a login hint
 * when it is 7 digits and dropped otherwise, and no other parameter is followed (spec §8: no navigation
 * to an outside URL it names).
 */
export function RedirectOpenAccountPage() {
  const [search] = useSearchParams();
  // read once, on arrival (see redirect-reset-password-page.tsx)
  const [loginHint] = useState(() => {
    const username = search.get('username');
    return username !== null && /^\d{7}$/.test(username) ? username : undefined;
  });
  useEffect(() => {
    void startSignIn({ returnTo: '/', ...(loginHint === undefined ? {} : { loginHint }) });
  }, [loginHint]);
  return <RedirectPage />;
}
