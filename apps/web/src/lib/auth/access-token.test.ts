import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { isRedirectError } from '../errors/redirect-error';
import { SESSION_EXPIRED_MESSAGE } from './flash-message';
import { FLAG_CONFIRM_MS, FLAG_POLL_MS, REFRESH_LOCK_NAME } from './refresh-lock';
import { LocalKey, SessionKey } from './storage-keys';
import { endpoints, installFakeProvider } from './test/fake-identity-provider';
import { fakeAccessToken } from './test/fake-jwt';

async function loadAccessToken() {
  vi.resetModules();
  const { browserLocation } = await import('../navigation/browser-location');
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserLocation, 'currentPath').mockReturnValue('/assets');
  // loaded on demand by the code; loaded here so that fake timers cannot hold up the module loader
  await import('./oidc-client');
  return { ...(await import('./access-token')), assign };
}

function storeTokens(accessToken: string, refreshToken: string | undefined = 'rt-old') {
  localStorage.setItem(
    LocalKey.tokens,
    JSON.stringify({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 600,
      ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
      scope: 'openid offline user.write',
    }),
  );
}

const storedTokens = () => JSON.parse(localStorage.getItem(LocalKey.tokens) ?? 'null');

/** Web Locks as the browser has them; `beforeGrant` runs while "another tab" still holds the lock. */
function installWebLocks(beforeGrant: () => void = () => undefined) {
  const request = vi.fn(async (_name: string, _options: LockOptions, callback: () => Promise<unknown>) => {
    beforeGrant();
    return callback();
  });
  Object.defineProperty(navigator, 'locks', { configurable: true, value: { request } });
  return request;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  delete (navigator as { locks?: unknown }).locks;
  vi.useRealTimers();
});

describe('getValidAccessToken', () => {
  it('answers the stored token while it is valid, without any request', async () => {
    const provider = installFakeProvider();
    const token = fakeAccessToken(60);
    storeTokens(token);
    const { getValidAccessToken } = await loadAccessToken();
    await expect(getValidAccessToken()).resolves.toBe(token);
    expect(provider.fetch).not.toHaveBeenCalled();
  });

  it('refreshes an expired token with the refresh_token grant and stores the rotated token set', async () => {
    const provider = installFakeProvider({ refreshTokens: ['rt-old'] });
    storeTokens(fakeAccessToken(-1));
    const { getValidAccessToken } = await loadAccessToken();

    const token = await getValidAccessToken();

    const [request, ...others] = provider.tokenRequests();
    expect(others).toEqual([]);
    expect(Object.fromEntries(request!.form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-old',
      client_id: env.oidcClientId,
    });
    expect(storedTokens()).toMatchObject({ access_token: token, refresh_token: 'rt-1' });
  });

  it('sends one refresh for any number of concurrent calls (one shared promise)', async () => {
    const provider = installFakeProvider({ refreshTokens: ['rt-old'], tokenDelayMs: 20 });
    storeTokens(fakeAccessToken(-1));
    const { getValidAccessToken } = await loadAccessToken();

    const tokens = await Promise.all(Array.from({ length: 5 }, () => getValidAccessToken()));

    expect(provider.tokenRequests()).toHaveLength(1);
    expect(new Set(tokens).size).toBe(1);
  });

  it('pauses 100 ms after a refresh before answering (spec §9)', async () => {
    installFakeProvider({ refreshTokens: ['rt-old'] });
    installWebLocks();
    storeTokens(fakeAccessToken(-1));
    const { getValidAccessToken } = await loadAccessToken();
    vi.useFakeTimers();
    let answered = false;
    const call = getValidAccessToken().then(() => (answered = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(storedTokens().refresh_token).toBe('rt-1');
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(answered).toBe(true);
  });
});

describe('one refresh across tabs (security 33)', () => {
  it('refreshes inside the Web Lock of the fixed name', async () => {
    installFakeProvider({ refreshTokens: ['rt-old'] });
    const request = installWebLocks();
    storeTokens(fakeAccessToken(-1));
    const { getValidAccessToken } = await loadAccessToken();
    await getValidAccessToken();
    expect(request).toHaveBeenCalledWith(REFRESH_LOCK_NAME, { mode: 'exclusive' }, expect.any(Function));
  });

  it('re-reads storage inside the lock and uses the token another tab refreshed meanwhile', async () => {
    const provider = installFakeProvider({ refreshTokens: ['rt-old'] });
    const otherTabsToken = fakeAccessToken(600);
    installWebLocks(() => storeTokens(otherTabsToken, 'rt-other-tab'));
    storeTokens(fakeAccessToken(-1));
    const { getValidAccessToken } = await loadAccessToken();

    await expect(getValidAccessToken()).resolves.toBe(otherTabsToken);
    expect(provider.tokenRequests()).toEqual([]);
  });

  describe('without Web Locks: a flag in local storage', () => {
    it('raises the flag while refreshing and lowers it afterwards', async () => {
      installFakeProvider({ refreshTokens: ['rt-old'] });
      storeTokens(fakeAccessToken(-1));
      const flags: (string | null)[] = [];
      const { getValidAccessToken } = await loadAccessToken();
      const setItem = Storage.prototype.setItem;
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
        if (key === LocalKey.tokens) flags.push(this.getItem(LocalKey.refreshFlag));
        setItem.call(this, key, value);
      });
      await getValidAccessToken();
      expect(flags).toEqual([expect.stringContaining('"owner"')]);
      expect(localStorage.getItem(LocalKey.refreshFlag)).toBeNull();
    });

    it("polls another tab's flag every 100 ms and then uses that tab's result instead of refreshing", async () => {
      vi.useFakeTimers();
      const provider = installFakeProvider({ refreshTokens: ['rt-old'] });
      storeTokens(fakeAccessToken(-1));
      localStorage.setItem(LocalKey.refreshFlag, JSON.stringify({ owner: 'other-tab', at: Date.now() }));
      const { getValidAccessToken } = await loadAccessToken();
      const getItem = vi.spyOn(Storage.prototype, 'getItem');
      const flagReads = () => getItem.mock.calls.filter(([key]) => key === LocalKey.refreshFlag).length;

      const call = getValidAccessToken();
      await vi.advanceTimersByTimeAsync(0);
      const readsAtStart = flagReads();
      await vi.advanceTimersByTimeAsync(FLAG_POLL_MS * 3);
      expect(flagReads() - readsAtStart).toBe(3);

      // the other tab finishes: new tokens, flag down
      const otherTabsToken = fakeAccessToken(600);
      storeTokens(otherTabsToken, 'rt-other-tab');
      localStorage.removeItem(LocalKey.refreshFlag);
      await vi.advanceTimersByTimeAsync(FLAG_POLL_MS + 50);

      await expect(call).resolves.toBe(otherTabsToken);
      expect(provider.tokenRequests()).toEqual([]);
    });

    it('backs off when another tab raised its flag at the same moment (checked 50 ms after raising)', async () => {
      const provider = installFakeProvider({ refreshTokens: ['rt-old'] });
      storeTokens(fakeAccessToken(-1));
      const { getValidAccessToken } = await loadAccessToken();
      vi.useFakeTimers();

      const call = getValidAccessToken();
      await vi.advanceTimersByTimeAsync(0);
      expect(localStorage.getItem(LocalKey.refreshFlag)).toContain('"owner"');
      // within the 50 ms, the other tab's write lands over ours: it owns the refresh
      localStorage.setItem(LocalKey.refreshFlag, JSON.stringify({ owner: 'other-tab', at: Date.now() }));
      await vi.advanceTimersByTimeAsync(FLAG_CONFIRM_MS + FLAG_POLL_MS * 2);
      expect(provider.tokenRequests()).toEqual([]);

      const otherTabsToken = fakeAccessToken(600);
      storeTokens(otherTabsToken, 'rt-other-tab');
      localStorage.removeItem(LocalKey.refreshFlag);
      await vi.advanceTimersByTimeAsync(FLAG_POLL_MS + FLAG_CONFIRM_MS);

      await expect(call).resolves.toBe(otherTabsToken);
      expect(provider.tokenRequests()).toEqual([]);
    });

    it('ignores a flag left by a tab that closed mid-refresh', async () => {
      installFakeProvider({ refreshTokens: ['rt-old'] });
      storeTokens(fakeAccessToken(-1));
      localStorage.setItem(LocalKey.refreshFlag, JSON.stringify({ owner: 'gone', at: Date.now() - 60_000 }));
      const { getValidAccessToken } = await loadAccessToken();
      await expect(getValidAccessToken()).resolves.toEqual(expect.any(String));
      expect(storedTokens().refresh_token).toBe('rt-1');
    });
  });
});

describe('refresh failure (spec §4 step 5)', () => {
  it('clears the tokens and goes to a sign-in page that itself says the session expired', async () => {
    const provider = installFakeProvider({ refreshTokens: [] });
    storeTokens(fakeAccessToken(-1), 'rt-revoked');
    const { getValidAccessToken, assign } = await loadAccessToken();

    await expect(getValidAccessToken()).rejects.toSatisfy(isRedirectError);

    expect(provider.tokenRequests()).toHaveLength(1);
    expect(localStorage.getItem(LocalKey.tokens)).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(String(assign.mock.calls[0]?.[0])).toMatch(new RegExp(`^${endpoints.authorization}\\?`));
    expect(new URL(String(assign.mock.calls[0]?.[0])).searchParams.get('sign_in_notice')).toBe(
      'session_expired',
    );
  });

  it('leaves for sign-in once when several calls fail together', async () => {
    installFakeProvider({ refreshTokens: [] });
    storeTokens(fakeAccessToken(-1), 'rt-revoked');
    const { getValidAccessToken, assign } = await loadAccessToken();
    const results = await Promise.allSettled([
      getValidAccessToken(),
      getValidAccessToken(),
      getValidAccessToken(),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('goes to sign-in without a message when there is no session at all', async () => {
    const provider = installFakeProvider();
    const { getValidAccessToken, assign } = await loadAccessToken();
    await expect(getValidAccessToken()).rejects.toSatisfy(isRedirectError);
    expect(provider.tokenRequests()).toEqual([]);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(SessionKey.flashMessage)).toBeNull();
  });

  it('takes the flash message once', async () => {
    const { keepFlashMessage, takeFlashMessage } = await import('./flash-message');
    keepFlashMessage(SESSION_EXPIRED_MESSAGE);
    expect(takeFlashMessage()).toBe(SESSION_EXPIRED_MESSAGE);
    expect(takeFlashMessage()).toBeNull();
  });
});
