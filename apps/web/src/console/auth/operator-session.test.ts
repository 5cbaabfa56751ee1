import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAccessToken } from '../../lib/auth/test/fake-jwt';
import { isRedirectError } from '../../lib/errors/redirect-error';
import { browserLocation } from '../../lib/navigation/browser-location';
import * as oidc from './operator-oidc';
import {
  completeOperatorSignIn,
  getOperatorAccessToken,
  signedOutPath,
  signOutOperator,
  startOperatorSignIn,
} from './operator-session';
import { OperatorKey, readOperatorTokens, writeOperatorTokens } from './operator-token-store';

vi.mock('./operator-oidc', () => ({
  operatorAuthorizationUrl: vi.fn(
    async (state: string) => `http://localhost:3000/oidc-admin/auth?state=${state}`,
  ),
  exchangeOperatorCode: vi.fn(async () => ({
    access_token: 'fresh-access',
    token_type: 'Bearer',
    refresh_token: 'r1',
  })),
  refreshOperatorTokens: vi.fn(async () => ({
    access_token: fakeAccessToken(600, 'operator02'),
    token_type: 'Bearer',
  })),
  revokeOperatorRefreshToken: vi.fn(async () => undefined),
}));

let replace: ReturnType<typeof vi.spyOn>;
let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.clear();
  replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserLocation, 'currentPath').mockReturnValue('/admin/audit');
  // each test is a page of its own: one restored from the back-forward cache may leave for sign-in again
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(oidc.exchangeOperatorCode).mockClear();
  vi.mocked(oidc.refreshOperatorTokens).mockClear();
  vi.mocked(oidc.revokeOperatorRefreshToken).mockClear();
  localStorage.clear();
});

/** The state the console stored when it left for sign-in (as startOperatorSignIn writes it). */
function storedRoundTrip(returnTo: string) {
  const state = `abcdefghijklmnopqrstuvwxyz0.~345.${encodeURIComponent(returnTo)}`;
  localStorage.setItem(OperatorKey.state, state);
  localStorage.setItem(OperatorKey.codeVerifier, 'v'.repeat(64));
  return state;
}

describe('the operator sign-in round trip', () => {
  it('leaves for /oidc-admin with a state naming the current console page, kept under the console’s own keys', async () => {
    await startOperatorSignIn();
    const url = new URL(String(assign.mock.calls[0]?.[0]));
    expect(url.pathname).toBe('/oidc-admin/auth');
    const state = localStorage.getItem(OperatorKey.state) ?? '';
    expect(state).toMatch(/^[\w.~-]{32}\.%2Fadmin%2Faudit$/);
    expect(url.searchParams.get('state')).toBe(decodeURIComponent(state));
    expect(localStorage.getItem(OperatorKey.codeVerifier)).toHaveLength(64);
    // the customer app's round trip is untouched
    expect(localStorage.getItem('fund.auth.state')).toBeNull();
  });

  it('exchanges the code when the state is the stored one, stores the tokens and returns to the console page', async () => {
    const state = storedRoundTrip('/admin/customers/1000001/assets');
    await completeOperatorSignIn(
      new URL(`http://localhost:3000/admin/?code=c1&state=${encodeURIComponent(state)}`),
    );
    expect(oidc.exchangeOperatorCode).toHaveBeenCalledTimes(1);
    expect(readOperatorTokens()?.access_token).toBe('fresh-access');
    expect(localStorage.getItem('fund.auth.tokens')).toBeNull();
    expect(replace).toHaveBeenCalledWith('/admin/customers/1000001/assets');
    expect(localStorage.getItem(OperatorKey.state)).toBeNull();
  });

  it('makes no token request for a state this browser did not send', async () => {
    storedRoundTrip('/admin/');
    await completeOperatorSignIn(new URL('http://localhost:3000/admin/?code=c1&state=forged.x'));
    expect(oidc.exchangeOperatorCode).not.toHaveBeenCalled();
    expect(readOperatorTokens()).toBeNull();
    expect(replace).toHaveBeenCalledWith('/admin/');
  });

  it.each(['/assets', '//evil.example/admin/', 'https://evil.example/admin/'])(
    'returns to the console’s root, not to %s named in the state',
    async (returnTo) => {
      const state = storedRoundTrip(returnTo);
      await completeOperatorSignIn(
        new URL(`http://localhost:3000/admin/?code=c1&state=${encodeURIComponent(state)}`),
      );
      expect(replace).toHaveBeenCalledWith('/admin/');
    },
  );
});

describe('the operator’s access token (its own expiry check)', () => {
  it('uses the stored token while it is valid', async () => {
    const token = fakeAccessToken(600, 'operator02');
    writeOperatorTokens({ access_token: token, token_type: 'Bearer', refresh_token: 'r0' });
    await expect(getOperatorAccessToken()).resolves.toBe(token);
    expect(oidc.refreshOperatorTokens).not.toHaveBeenCalled();
  });

  it('refreshes an expired token once for calls at the same time, keeping the refresh token', async () => {
    writeOperatorTokens({
      access_token: fakeAccessToken(-1, 'operator02'),
      token_type: 'Bearer',
      refresh_token: 'r0',
    });
    const [first, second] = await Promise.all([getOperatorAccessToken(), getOperatorAccessToken()]);
    expect(first).toBe(second);
    expect(oidc.refreshOperatorTokens).toHaveBeenCalledTimes(1);
    expect(oidc.refreshOperatorTokens).toHaveBeenCalledWith('r0');
    expect(readOperatorTokens()).toMatchObject({ access_token: first, refresh_token: 'r0' });
  });

  it('with no session, clears nothing of the customer’s and leaves for the operator sign-in', async () => {
    localStorage.setItem('fund.auth.tokens', '{"access_token":"customer","token_type":"Bearer"}');
    const error = await getOperatorAccessToken().catch((caught: unknown) => caught);
    expect(isRedirectError(error)).toBe(true);
    expect(String(assign.mock.calls[0]?.[0])).toContain('/oidc-admin/auth');
    expect(localStorage.getItem('fund.auth.tokens')).not.toBeNull();
  });
});

describe('sign-out', () => {
  it('revokes the refresh token, forgets the tokens and shows the signed-out page', async () => {
    writeOperatorTokens({ access_token: fakeAccessToken(600), token_type: 'Bearer', refresh_token: 'r9' });
    await signOutOperator();
    expect(oidc.revokeOperatorRefreshToken).toHaveBeenCalledWith('r9');
    expect(readOperatorTokens()).toBeNull();
    expect(replace).toHaveBeenCalledWith(signedOutPath);
  });
});
