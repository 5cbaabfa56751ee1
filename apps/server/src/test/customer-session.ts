import { demoCustomerPassword } from '@fund/db';
import type { App } from '../app.ts';
import {
  exchangeCode,
  signInForCode,
  TestBrowser,
  type TokenSet,
} from '../modules/identity/test/oidc-test-client.ts';

/**
 * Customer sessions for API tests of any module: a real sign-in through the identity service's pages
 * and a real code exchange (modules/identity/test/oidc-test-client.ts), so the token is exactly what the
 * web app holds. Shared here because a module must not import another module (lint), tests included.
 */

/** Test environment for apps that sign customers in many times (the rate limits have their own tests). */
export const manySignInsEnv = {
  SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '1000',
  SIGN_IN_RATE_LIMIT_PER_IP: '1000',
} as const;

/** Signs a customer in (demo password by default) and returns the token set. */
export async function signInCustomer(
  app: App,
  accountNumber: string,
  password: string = demoCustomerPassword,
): Promise<TokenSet> {
  const signedIn = await signInForCode(new TestBrowser(app), { accountNumber, password });
  const response = await exchangeCode(app, signedIn);
  if (response.statusCode !== 200) {
    throw new Error(`code exchange answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  return response.json<TokenSet>();
}

/** A GET (or other method) of the API with the customer's bearer token. */
export async function callAs(
  app: App,
  accessToken: string,
  url: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    /** JSON body. */
    payload?: unknown;
  } = {},
) {
  return app.inject({
    method: options.method ?? 'GET',
    url,
    headers: { host: 'localhost:3000', authorization: `Bearer ${accessToken}`, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}
