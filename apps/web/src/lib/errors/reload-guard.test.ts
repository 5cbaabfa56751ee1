import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  claimReload,
  isChunkLoadError,
  RELOAD_GUARD_LIFETIME_MS,
  RELOAD_GUARD_STORAGE_KEY,
  reloadOnce,
} from './reload-guard';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-04-01T00:00:00Z') });
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('reload-loop guard (spec §8: 10000 ms)', () => {
  it('the lifetime is 10000 ms', () => {
    expect(RELOAD_GUARD_LIFETIME_MS).toBe(10_000);
  });

  it('reloads the first time and stores the path and time in session storage', () => {
    const reload = vi.fn();
    expect(reloadOnce({ path: '/assets', reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem(RELOAD_GUARD_STORAGE_KEY) ?? '')).toEqual({
      path: '/assets',
      time: Date.parse('2026-04-01T00:00:00Z'),
    });
  });

  it('does not reload the same path again within 10 s', () => {
    const reload = vi.fn();
    reloadOnce({ path: '/assets', reload });
    vi.advanceTimersByTime(9_999);
    expect(reloadOnce({ path: '/assets', reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads the same path again once 10 s have passed', () => {
    const reload = vi.fn();
    reloadOnce({ path: '/assets', reload });
    vi.advanceTimersByTime(10_000);
    expect(reloadOnce({ path: '/assets', reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads another path within 10 s', () => {
    const reload = vi.fn();
    reloadOnce({ path: '/assets', reload });
    vi.advanceTimersByTime(1_000);
    expect(reloadOnce({ path: '/trading', reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('defaults to the current path', () => {
    const reload = vi.fn();
    reloadOnce({ reload });
    expect(reloadOnce({ path: window.location.pathname, reload })).toBe(false);
  });

  it('a malformed stored value does not block the reload', () => {
    sessionStorage.setItem(RELOAD_GUARD_STORAGE_KEY, '{not json');
    const reload = vi.fn();
    expect(reloadOnce({ path: '/assets', reload })).toBe(true);
  });

  it('without usable session storage it does not reload (no loop protection, no loop)', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(reloadOnce({ path: '/assets', reload, storage })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('claimReload: the decision alone', () => {
  it('says yes once per path within 10 s, and records it', () => {
    expect(claimReload({ path: '/mypage' })).toBe(true);
    expect(claimReload({ path: '/mypage' })).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(claimReload({ path: '/mypage' })).toBe(true);
  });
});

describe('chunk-load errors', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://example.jp/static/home-page-abc.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: https://example.jp/static/x.js',
    'Unable to preload CSS for /static/home-page-abc.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it.each([new Error('boom'), 'a string', { message: 'Importing a module script failed.' }, null])(
    'does not take %j for one',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );
});
