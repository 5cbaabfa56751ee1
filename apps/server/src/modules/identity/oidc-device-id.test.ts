import { demoCustomerPassword, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { deviceIdCookie } from './oidc-provider.ts';
import {
  authorizeUrl,
  exchangeCode,
  interactionUid,
  pkce,
  TestBrowser,
  webRedirectUri,
} from './test/oidc-test-client.ts';

/** The web app's sign-in request and return (spec §4 "Session" 1–2): sign_in_mode out, device_id back. */

const startup = 60_000;
const main = { accountNumber: '1000001', password: demoCustomerPassword };

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '1000', SIGN_IN_RATE_LIMIT_PER_IP: '1000' },
  });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

interface Returned {
  readonly location: URL;
  readonly response: LightMyRequestResponse;
  readonly verifier: ReturnType<typeof pkce>;
}

/** Authorization request as the web app sends it → sign-in page → the redirect back to the app. */
async function signInAndReturn(browser: TestBrowser, extra: Record<string, string>): Promise<Returned> {
  const verifier = pkce();
  const start = await browser.request('GET', authorizeUrl({ pkce: verifier, extra }));
  const uid = interactionUid(start);
  const posted = await browser.request('POST', `/auth/v1/interaction/${uid}/login`, {
    form: { account_number: main.accountNumber, password: main.password },
  });
  expect(posted.statusCode, posted.body).toBe(303);
  const response = await browser.follow(posted);
  return { location: new URL(String(response.headers.location)), response, verifier };
}

function setCookie(response: LightMyRequestResponse, name: string) {
  return (response.cookies as { name: string; value: string; [key: string]: unknown }[]).find(
    (cookie) => cookie.name === name,
  );
}

describe('sign_in_mode and device_id', { timeout: startup }, () => {
  it('accepts sign_in_mode=accountNumber and returns code, state and a device_id kept in an httpOnly cookie', async () => {
    const browser = new TestBrowser(app);
    const { location, response, verifier } = await signInAndReturn(browser, {
      sign_in_mode: 'accountNumber',
    });
    expect(`${location.origin}${location.pathname}`).toBe(webRedirectUri);
    expect(location.searchParams.get('code')).toBeTruthy();
    expect(location.searchParams.get('state')).toBeTruthy();
    const deviceId = location.searchParams.get('device_id');
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const cookie = setCookie(response, deviceIdCookie);
    expect(cookie).toMatchObject({ value: deviceId, httpOnly: true, path: '/oidc', sameSite: 'lax' });
    // long-lived: Koa writes the lifetime as an Expires date
    const expires = cookie?.['expires'];
    expect(expires).toBeInstanceOf(Date);
    expect((expires as Date).getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 60 * 60 * 1000);

    // the extra parameter changes nothing for the token exchange
    const exchanged = await exchangeCode(app, {
      code: location.searchParams.get('code')!,
      pkce: verifier,
      redirectUri: webRedirectUri,
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
  });

  it('gives the same browser the same device_id at every sign-in, another browser another one', async () => {
    const browser = new TestBrowser(app);
    const first = await signInAndReturn(browser, { sign_in_mode: 'accountNumber' });
    const second = await signInAndReturn(browser, {});
    const deviceId = first.location.searchParams.get('device_id');
    expect(second.location.searchParams.get('device_id')).toBe(deviceId);
    expect(setCookie(second.response, deviceIdCookie)).toBeUndefined();

    const other = await signInAndReturn(new TestBrowser(app), {});
    expect(other.location.searchParams.get('device_id')).not.toBe(deviceId);
  });

  it('refuses another sign_in_mode with invalid_request, without a code or device_id', async () => {
    const browser = new TestBrowser(app);
    const response = await browser.request('GET', authorizeUrl({ extra: { sign_in_mode: 'email' } }));
    expect([302, 303]).toContain(response.statusCode);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(webRedirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toContain('sign_in_mode');
    expect(location.searchParams.has('code')).toBe(false);
    expect(location.searchParams.has('device_id')).toBe(false);
  });
});
