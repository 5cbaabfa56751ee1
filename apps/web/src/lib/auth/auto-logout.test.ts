import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalKey } from './storage-keys';
import { installFakeProvider } from './test/fake-identity-provider';
import { fakeAccessToken } from './test/fake-jwt';

const t0 = Date.parse('2026-11-21T09:00:00Z');

/** Modules loaded before the clock is faked (fake timers would hold up the module loader). */
async function loadAutoLogout() {
  vi.resetModules();
  const { browserLocation } = await import('../navigation/browser-location');
  const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
  await import('./oidc-client');
  const modules = { ...(await import('./auto-logout')), ...(await import('./activity-log')) };
  vi.useFakeTimers({ now: t0 });
  return { ...modules, reload };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  installFakeProvider({ refreshTokens: ['rt-0'] });
  localStorage.setItem(
    LocalKey.tokens,
    JSON.stringify({ access_token: fakeAccessToken(3600), token_type: 'Bearer', refresh_token: 'rt-0' }),
  );
  sessionStorage.setItem('fund.session.user', '{}');
});

afterEach(() => vi.useRealTimers());

describe('auto-logout (spec §4 step 7)', () => {
  it('checks every 10 seconds: an exceeded span is noticed at the next check only', async () => {
    const { startAutoLogout, AUTO_LOGOUT_CHECK_MS, reload } = await loadAutoLogout();
    expect(AUTO_LOGOUT_CHECK_MS).toBe(10_000);
    const onTimeout = vi.fn();
    startAutoLogout({ spanMs: 1_000, onTimeout });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('runs the callback, clears storage and reloads once the last activity is older than the span', async () => {
    const { startAutoLogout, recordActivity, reload } = await loadAutoLogout();
    recordActivity('click', t0);
    const onTimeout = vi.fn();
    startAutoLogout({ spanMs: 60_000, onTimeout });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(onTimeout).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
  });

  it('counts from the latest activity', async () => {
    const { startAutoLogout, recordActivity } = await loadAutoLogout();
    const onTimeout = vi.fn();
    recordActivity('click', t0);
    startAutoLogout({ spanMs: 60_000, onTimeout });
    await vi.advanceTimersByTimeAsync(50_000);
    recordActivity('keydown');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('checks no more once stopped', async () => {
    const { startAutoLogout, reload } = await loadAutoLogout();
    const onTimeout = vi.fn();
    const stop = startAutoLogout({ spanMs: 1_000, onTimeout });
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('session services', () => {
  it('start no auto-logout when VITE_AUTO_LOGOUT_MINUTES is not set', async () => {
    await loadAutoLogout();
    const { startSessionServices } = await import('./session-services');
    startSessionServices(null);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('start the auto-logout when it is set, once per page load', async () => {
    await loadAutoLogout();
    const { startSessionServices } = await import('./session-services');
    startSessionServices(15);
    startSessionServices(15);
    expect(vi.getTimerCount()).toBe(1);
  });
});
