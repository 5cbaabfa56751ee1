import { RedirectPage } from './redirect-page';

/** /redirect/resetPassword: the redirect landing on the way to the password reset. */
export function RedirectResetPasswordPage() {
  return <RedirectPage />;
}
