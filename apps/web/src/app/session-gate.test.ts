import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_MESSAGE } from '../lib/auth/flash-message';
import { SIGN_IN_FREE_PATHS } from '../lib/auth/session-routes';
import { LocalKey, SessionKey } from '../lib/auth/storage-keys';
import { endpoints, installFakeProvider } from '../lib/auth/test/fake-identity-provider';
import { fakeAccessToken } from '../lib/auth/test/fake-jwt';
import { isMaintenanceError } from '../lib/errors/maintenance-error';
import { isRedirectError } from '../lib/errors/redirect-error';
import { useUiStore } from '../lib/store/ui-store';

const origin = 'http://localhost';

/** A fresh page load: fresh modules (one sign-in departure, one start of the session services), same storage. */
async function loadGate() {
  vi.resetModules();
  const { browserLocation } = await import('../lib/navigation/browser-location');
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
  vi.spyOn(browserLocation, 'currentPath').mockReturnValue('/elsewhere');
  const { useUiStore: store } = await import('../lib/store/ui-store');
  const gate = await import('./session-gate');
  const load = (path: string) =>
    gate.sessionGateLoader({ request: new Request(`${origin}${path}`), params: {} } as LoaderFunctionArgs);
  return { ...gate, load, assign, replace, store };
}

function storeTokens(accessToken: string, refreshToken?: string) {
  localStorage.setItem(
    LocalKey.tokens,
    JSON.stringify({
      access_token: accessToken,
      token_type: 'Bearer',
      ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
    }),
  );
}

const requestsTo = (seen: { url: string }[]) =>
  seen.map((request) => (request.url.endsWith('/maintenance/status') ? 'maintenance' : request.url));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session gate: pages that skip the sign-in check (spec §2)', () => {
  it.each(SIGN_IN_FREE_PATHS)('%s loads without token, call or redirect', async (path) => {
    const provider = installFakeProvider();
    const { load, assign, replace } = await loadGate();
    await expect(load(`${path}?code=c&state=s`)).resolves.toBeNull();
    expect(provider.fetch).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('session gate: the return from sign-in (spec §4 step 2)', () => {
  it('exchanges the code when the state matches and shows the redirect page while reloading', async () => {
    installFakeProvider();
    const first = await loadGate();
    await expect(first.load('/cashflows?x=1')).rejects.toSatisfy(isRedirectError);
    const authorization = new URL(String(first.assign.mock.calls[0]?.[0]));
    const state = authorization.searchParams.get('state')!;

    const provider = installFakeProvider({
      code: 'c1',
      codeVerifier: localStorage.getItem(LocalKey.codeVerifier)!,
    });
    const back = await loadGate();
    await expect(back.load(`/?code=c1&state=${encodeURIComponent(state)}&device_id=d1`)).rejects.toSatisfy(
      isRedirectError,
    );
    expect(provider.tokenRequests()).toHaveLength(1);
    expect(localStorage.getItem(LocalKey.tokens)).not.toBeNull();
    expect(localStorage.getItem(LocalKey.deviceId)).toBe('d1');
    expect(back.replace).toHaveBeenCalledWith('/cashflows?x=1');
  });

  it('sends no token request for a tampered state and reloads without the parameters', async () => {
    localStorage.setItem(LocalKey.state, 'stored.e30');
    localStorage.setItem(LocalKey.codeVerifier, 'v'.repeat(64));
    const provider = installFakeProvider({ code: 'c1', codeVerifier: 'v'.repeat(64) });
    const { load, replace } = await loadGate();
    await expect(load('/assets?code=c1&state=forged.e30')).rejects.toSatisfy(isRedirectError);
    expect(provider.fetch).not.toHaveBeenCalled();
    expect(replace).toHaveBeenCalledWith('/assets');
  });

  it('leaves code and state on /saisonConnect to the card issuer: no exchange, the session is checked as usual', async () => {
    localStorage.setItem(LocalKey.state, 'stored.e30');
    localStorage.setItem(LocalKey.codeVerifier, 'v'.repeat(64));
    storeTokens(fakeAccessToken(600), 'rt-0');
    const provider = installFakeProvider();
    const { load, replace } = await loadGate();
    await expect(load('/saisonConnect?code=issuer-code&state=issuer-state')).resolves.toBeNull();
    expect(provider.fetch).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(localStorage.getItem(LocalKey.state)).toBe('stored.e30');
  });
});

describe('session gate: tokens (spec §4 steps 3 to 5)', () => {
  it('lets the page load with a valid token, asking nothing', async () => {
    storeTokens(fakeAccessToken(600), 'rt-0');
    const provider = installFakeProvider();
    const { load } = await loadGate();
    await expect(load('/assets')).resolves.toBeNull();
    expect(provider.fetch).not.toHaveBeenCalled();
  });

  it('asks the maintenance status first with an expired token and shows the maintenance page', async () => {
    storeTokens(fakeAccessToken(-1), 'rt-0');
    const provider = installFakeProvider({ maintenance: true, refreshTokens: ['rt-0'] });
    const { load } = await loadGate();
    await expect(load('/assets')).rejects.toSatisfy(isMaintenanceError);
    expect(requestsTo(provider.seen)).toEqual(['maintenance']);
  });

  it('asks the maintenance status first without a token and shows the maintenance page', async () => {
    const provider = installFakeProvider({ maintenance: true });
    const { load, assign } = await loadGate();
    await expect(load('/')).rejects.toSatisfy(isMaintenanceError);
    expect(requestsTo(provider.seen)).toEqual(['maintenance']);
    expect(assign).not.toHaveBeenCalled();
  });

  it('refreshes an expired token after the maintenance status, then lets the page load', async () => {
    storeTokens(fakeAccessToken(-1), 'rt-0');
    const provider = installFakeProvider({ refreshTokens: ['rt-0'] });
    const { load } = await loadGate();
    await expect(load('/assets')).resolves.toBeNull();
    expect(requestsTo(provider.seen)).toEqual(['maintenance', endpoints.discovery, endpoints.token]);
  });

  it('goes to sign-in with a message when the refresh fails', async () => {
    storeTokens(fakeAccessToken(-1), 'rt-revoked');
    installFakeProvider({ refreshTokens: [] });
    const { load, assign } = await loadGate();
    await expect(load('/assets')).rejects.toSatisfy(isRedirectError);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(LocalKey.tokens)).toBeNull();
    expect(new URL(String(assign.mock.calls[0]?.[0])).searchParams.get('sign_in_notice')).toBe(
      'session_expired',
    );
  });

  it('goes to sign-in without a token, to come back to the same page', async () => {
    const provider = installFakeProvider();
    const { load, assign } = await loadGate();
    await expect(load('/trading/sell/AB12?from=list')).rejects.toSatisfy(isRedirectError);
    expect(requestsTo(provider.seen)).toEqual(['maintenance', endpoints.discovery]);
    const state = new URL(String(assign.mock.calls[0]?.[0])).searchParams.get('state')!;
    const extra = JSON.parse(atob(state.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    expect(extra).toEqual({ returnTo: '/trading/sell/AB12?from=list' });
  });

  it('goes to sign-in with an expired token and no refresh token', async () => {
    storeTokens(fakeAccessToken(-1));
    installFakeProvider();
    const { load, assign } = await loadGate();
    await expect(load('/')).rejects.toSatisfy(isRedirectError);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('shows the flash message kept across sign-in as a toast once the session is valid', async () => {
    storeTokens(fakeAccessToken(600), 'rt-0');
    sessionStorage.setItem(SessionKey.flashMessage, SESSION_EXPIRED_MESSAGE);
    installFakeProvider();
    const { load, store } = await loadGate();
    await load('/');
    expect(store.getState().toast?.message).toBe(SESSION_EXPIRED_MESSAGE);
    expect(sessionStorage.getItem(SessionKey.flashMessage)).toBeNull();
    store.getState().reset();
    useUiStore.getState().reset();
  });
});

describe('session gate: revalidation', () => {
  const args = (from: string, to: string) =>
    ({
      currentUrl: new URL(`${origin}${from}`),
      nextUrl: new URL(`${origin}${to}`),
    }) as ShouldRevalidateFunctionArgs;

  it('does not run again on navigation inside the app', async () => {
    const { sessionGateRevalidates } = await loadGate();
    expect(sessionGateRevalidates(args('/', '/assets'))).toBe(false);
    expect(sessionGateRevalidates(args('/new', '/resetPassword'))).toBe(false);
  });

  it('runs again when leaving a page that skipped the check for one that needs a session', async () => {
    const { sessionGateRevalidates } = await loadGate();
    expect(sessionGateRevalidates(args('/new', '/'))).toBe(true);
  });
});
