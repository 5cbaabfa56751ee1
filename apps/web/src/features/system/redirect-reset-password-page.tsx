import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { resetStateOfQuery } from '../../lib/navigation/reset-route-state';
import { RedirectPage } from './redirect-page';

/**
 * /redirect/resetPassword: where an outside site (the account-opening site, a mail) sends a customer to
 * reset their password. It goes on to /resetPassword inside the app, carrying only what it checked: a
 * 口座番号 (`username`) to fill in and a page of this app (`returnTo`) to sign in to afterwards; an
 * outside or malformed `returnTo` becomes the home page (spec §8: never an outside URL from a query).
 */
export function RedirectResetPasswordPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // read once, on arrival: while this page fades out (out-in transition) the location is already
  // /resetPassword's, whose empty query must not send the customer on a second time without the 口座番号
  const [target] = useState(() => resetStateOfQuery(search));
  useEffect(() => {
    void navigate('/resetPassword', { replace: true, state: target });
  }, [navigate, target]);
  return <RedirectPage />;
}
