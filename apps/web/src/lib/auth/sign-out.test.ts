import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '../../config/env';
import { LocalKey, SessionKey } from './storage-keys';
import { endpoints, installFakeProvider } from './test/fake-identity-provider';
import { fakeAccessToken } from './test/fake-jwt';

const settings = vi.hoisted(() => ({ globalSignOut: false }));

vi.mock('../../config/env', async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  return {
    ...actual,
    env: {
      ...actual.env,
      get globalSignOut() {
        return settings.globalSignOut;
      },
    },
  };
});

async function loadSignOut() {
  vi.resetModules();
  const { browserLocation } = await import('../navigation/browser-location');
  const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
  return { ...(await import('./sign-out')), reload };
}

function storeSession(accessToken: string) {
  localStorage.setItem(
    LocalKey.tokens,
    JSON.stringify({
      access_token: accessToken,
      token_type: 'Bearer',
      refresh_token: 'rt-0',
      scope: 'openid',
    }),
  );
  localStorage.setItem('noConfirmed', 'true');
  sessionStorage.setItem(SessionKey.user, '{"name":"x"}');
  sessionStorage.setItem('other', 'value');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  settings.globalSignOut = false;
});

describe('sign-out (spec §4 step 6, security 32)', () => {
  it('revokes the refresh token, clears local and session storage and reloads', async () => {
    const provider = installFakeProvider({ refreshTokens: ['rt-0'] });
    storeSession(fakeAccessToken(600));
    const { signOut, reload } = await loadSignOut();

    await signOut();

    const revocations = provider.seen.filter((request) => request.url === endpoints.revocation);
    expect(revocations.map((request) => Object.fromEntries(request.form))).toEqual([
      { token: 'rt-0', token_type_hint: 'refresh_token', client_id: expect.any(String) },
    ]);
    expect(provider.seen.some((request) => request.url === endpoints.globalSignOut)).toBe(false);
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('with global sign-out, first ends every session with the bearer header, then revokes', async () => {
    settings.globalSignOut = true;
    const provider = installFakeProvider({ refreshTokens: ['rt-0'] });
    const accessToken = fakeAccessToken(600);
    storeSession(accessToken);
    const { signOut, reload } = await loadSignOut();

    await signOut();

    const calls = provider.seen.filter(
      (r) => r.url === endpoints.globalSignOut || r.url === endpoints.revocation,
    );
    expect(calls.map((request) => [request.method, request.url])).toEqual([
      ['POST', endpoints.globalSignOut],
      ['POST', endpoints.revocation],
    ]);
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${accessToken}`);
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('with global sign-out on, signing out of this device only ends its own grant (my page)', async () => {
    settings.globalSignOut = true;
    const provider = installFakeProvider({ refreshTokens: ['rt-0'] });
    storeSession(fakeAccessToken(600));
    const { signOut, reload } = await loadSignOut();

    await signOut({ everywhere: false });

    expect(provider.seen.some((request) => request.url === endpoints.globalSignOut)).toBe(false);
    expect(provider.seen.filter((request) => request.url === endpoints.revocation)).toHaveLength(1);
    expect(localStorage).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('with global sign-out and an expired access token, refreshes first and revokes the rotated refresh token', async () => {
    settings.globalSignOut = true;
    const provider = installFakeProvider({ refreshTokens: ['rt-0'] });
    storeSession(fakeAccessToken(-10));
    const { signOut } = await loadSignOut();

    await signOut();

    const globalCall = provider.seen.find((request) => request.url === endpoints.globalSignOut);
    expect(globalCall?.headers.get('authorization')).toMatch(/^Bearer ey/);
    const revocation = provider.seen.find((request) => request.url === endpoints.revocation);
    expect(revocation?.form.get('token')).toBe('rt-1');
  });

  it('still clears both storages and reloads when the identity service cannot be reached', async () => {
    settings.globalSignOut = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    storeSession(fakeAccessToken(600));
    const { signOut, reload } = await loadSignOut();

    await signOut();

    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('makes no call without a session and still clears and reloads', async () => {
    const provider = installFakeProvider();
    sessionStorage.setItem('other', 'value');
    const { signOut, reload } = await loadSignOut();
    await signOut();
    expect(provider.seen.filter((request) => request.method === 'POST')).toEqual([]);
    expect(sessionStorage).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
