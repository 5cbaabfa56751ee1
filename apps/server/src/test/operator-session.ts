import { OperatorIdentityPath } from '@fund/contracts';
import type { App } from '../app.ts';
import {
  codeAfter,
  exchangeAdminCode,
  startOperatorSignIn,
} from '../modules/identity/operator/test/operator-test-client.ts';
import { pkce, TestBrowser, type TokenSet } from '../modules/identity/test/oidc-test-client.ts';

/**
 * Operator sessions for API tests of any module (act-as, security.md 22): a real sign-in through the
 * operator pages of /oidc-admin and a real code exchange (modules/identity/operator/test), so the token
 * is exactly what the admin build holds. Shared here because a module must not import another module.
 */

/** What a temporary password is replaced with when the sign-in asks for a new one (policy-conform). */
export const chosenOperatorPassword = 'Chosen-Operator-Pass-2026';

/**
 * Signs an operator in and returns the token set. An operator with a temporary password (operator01 of
 * the demo) chooses `newPassword` on the way, so later sign-ins of that operator need that one.
 */
export async function signInOperator(
  app: App,
  credentials: { loginId: string; password: string; newPassword?: string },
): Promise<TokenSet> {
  const browser = new TestBrowser(app);
  const verifier = pkce();
  const uid = await startOperatorSignIn(browser, verifier);
  const interaction = `${OperatorIdentityPath.interaction}/${uid}`;
  let posted = await browser.request('POST', `${interaction}/login`, {
    form: { login_id: credentials.loginId, password: credentials.password },
  });
  if (posted.statusCode === 200 && posted.body.includes('new_password')) {
    posted = await browser.request('POST', `${interaction}/new-password`, {
      form: { new_password: credentials.newPassword ?? chosenOperatorPassword },
    });
  }
  const response = await exchangeAdminCode(app, await codeAfter(browser, posted), verifier);
  if (response.statusCode !== 200) {
    throw new Error(`operator code exchange answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  return response.json<TokenSet>();
}
