import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { authorizationRequest, exchangeCode, type AuthorizationRequest } from './oidc.ts';

export const demoPassword = 'Demo-Pass-2026';

/** Fills and submits the identity service's sign-in page. */
export async function submitSignIn(page: Page, accountNumber: string, password: string): Promise<void> {
  await page.getByLabel('口座番号').fill(accountNumber);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Waits for the return to the web app with a code, and exchanges it as the SPA will. */
export async function tokensAfterReturn(page: Page, baseUrl: string, request: AuthorizationRequest) {
  await page.waitForURL((url) => url.searchParams.has('code'));
  const returned = new URL(page.url());
  expect(returned.searchParams.get('state')).toBe(request.state);
  const tokens = await exchangeCode(baseUrl, request, returned.searchParams.get('code') ?? '');
  expect(tokens.status).toBe(200);
  return { accessToken: String(tokens.body.access_token), body: tokens.body };
}

/** Password sign-in through the pages for a customer without a second factor; returns the access token. */
export async function signInWithPassword(
  page: Page,
  baseUrl: string,
  accountNumber: string,
): Promise<string> {
  const request = authorizationRequest(baseUrl);
  await page.goto(request.url);
  await submitSignIn(page, accountNumber, demoPassword);
  return (await tokensAfterReturn(page, baseUrl, request)).accessToken;
}

/** A call to the /auth/v1 API with the customer's bearer token. */
export async function callAuthApi(baseUrl: string, accessToken: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
  };
}
