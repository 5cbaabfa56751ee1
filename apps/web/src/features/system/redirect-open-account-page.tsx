import { RedirectPage } from './redirect-page';

/** /redirect/openAccount: the redirect landing on the way to the account-opening site. */
export function RedirectOpenAccountPage() {
  return <RedirectPage />;
}
