import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openExternalUrl } from '../navigation/external';
import { useUiStore } from '../store/ui-store';
import { openMailDraft } from '../mail/open-mail-draft';
import {
  createNativeCallbackKey,
  isNativeApp,
  isNewNativeApp,
  launchNativeMail,
  NATIVE_CALLBACK_KEY_LENGTH,
  NativeMessageType,
  openInNativeBrowser,
  postNativeMessage,
  requestNativeAppVersion,
  sendNativePushToken,
} from './native-bridge';
import { NATIVE_UPDATE_PROMPT_DELAY_MS, useNativeUpdatePrompt } from './use-native-update-prompt';

let postMessage: ReturnType<typeof vi.fn>;

beforeEach(() => {
  postMessage = vi.fn();
});

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useUiStore.getState().setNativeUpdateModalShown(false);
});

function inNativeApp() {
  window.localStorage.setItem('isNative', 'true');
  vi.stubGlobal('ReactNativeWebView', { postMessage });
}

/** The messages posted to the wrapper, parsed. */
function posted(): Record<string, unknown>[] {
  return postMessage.mock.calls.map(([message]) => JSON.parse(String(message)) as Record<string, unknown>);
}

/** The one-time key of the last version request. */
function versionKey(): string {
  const request = posted().findLast((message) => message.type === 'getNativeAppVersion');
  if (typeof request?.key !== 'string') throw new Error('no version request was posted');
  return request.key;
}

/** The wrapper's answer as React Native delivers it: a message event on window (iOS) or document (Android). */
function answer(data: unknown, target: EventTarget = window) {
  target.dispatchEvent(new MessageEvent('message', { data }));
}

describe('native flags', () => {
  it('read isNative and isNewNative from local storage', () => {
    expect(isNativeApp()).toBe(false);
    expect(isNewNativeApp()).toBe(false);
    window.localStorage.setItem('isNative', 'true');
    window.localStorage.setItem('isNewNative', '1');
    expect(isNativeApp()).toBe(true);
    expect(isNewNativeApp()).toBe(true);
    window.localStorage.setItem('isNative', 'false');
    expect(isNativeApp()).toBe(false);
  });
});

describe('native bridge message', () => {
  it('posts the message as JSON with its type to the wrapper', () => {
    inNativeApp();
    expect(openInNativeBrowser('https://www.example.jp/faq/')).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      '{"type":"openExternalBrowser","url":"https://www.example.jp/faq/"}',
    );
  });

  it('sends nothing outside the wrapper: no marker, or no WebView bridge', () => {
    vi.stubGlobal('ReactNativeWebView', { postMessage });
    expect(
      postNativeMessage({ type: NativeMessageType.openExternalBrowser, url: 'https://www.example.jp/' }),
    ).toBe(false);
    vi.unstubAllGlobals();
    window.localStorage.setItem('isNative', 'true');
    expect(openInNativeBrowser('https://www.example.jp/')).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('names the four messages of spec §7', () => {
    expect(Object.values(NativeMessageType)).toEqual([
      'openExternalBrowser',
      'launchMail',
      'sendPushToken',
      'getNativeAppVersion',
    ]);
  });
});

describe('openExternalUrl', () => {
  it('in the native app opens the URL through the wrapper, not a new window', () => {
    inNativeApp();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openExternalUrl('https://www.example.jp/faq/us-person/')).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      JSON.stringify({ type: 'openExternalBrowser', url: 'https://www.example.jp/faq/us-person/' }),
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('in a browser opens a new window without opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openExternalUrl('https://www.example.jp/faq/')).toBe(true);
    expect(open).toHaveBeenCalledWith('https://www.example.jp/faq/', '_blank', 'noopener,noreferrer');
  });

  it('allows the app’s own origin, refuses other sites and script URLs, also in the native app', () => {
    inNativeApp();
    expect(openExternalUrl(`${window.location.origin}/partners/trade-report`)).toBe(true);
    expect(openExternalUrl('https://evil.example/')).toBe(false);
    expect(openExternalUrl('javascript:alert(1)')).toBe(false);
    expect(postMessage).toHaveBeenCalledOnce();
  });
});

describe('native update prompt', () => {
  it('raises the update-modal flag 5 s after mount with isNative and without isNewNative', () => {
    vi.useFakeTimers();
    window.localStorage.setItem('isNative', 'true');
    renderHook(() => useNativeUpdatePrompt());
    act(() => vi.advanceTimersByTime(NATIVE_UPDATE_PROMPT_DELAY_MS - 1));
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(true);
  });

  it.each([
    ['in a browser', {}],
    ['in a new native app whose wrapper does not answer', { isNative: 'true', isNewNative: 'true' }],
  ])('does nothing %s', (_label, flags: Record<string, string>) => {
    vi.useFakeTimers();
    for (const [key, value] of Object.entries(flags)) window.localStorage.setItem(key, value);
    renderHook(() => useNativeUpdatePrompt());
    act(() => vi.advanceTimersByTime(10_000));
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(false);
  });

  it('is cancelled when the shell unmounts first', () => {
    vi.useFakeTimers();
    window.localStorage.setItem('isNative', 'true');
    const { unmount } = renderHook(() => useNativeUpdatePrompt());
    unmount();
    act(() => vi.advanceTimersByTime(10_000));
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(false);
  });
});

describe('one-time callback key (spec §9)', () => {
  it('is 32 random alphanumeric characters, new every time', () => {
    const keys = Array.from({ length: 50 }, () => createNativeCallbackKey());
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(NATIVE_CALLBACK_KEY_LENGTH).toBe(32);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('asking the wrapper for its version (getNativeAppVersion)', () => {
  it('posts the request with a fresh key and hears the answer carrying that key once', () => {
    inNativeApp();
    const onVersion = vi.fn();
    requestNativeAppVersion(onVersion);
    expect(posted()).toEqual([
      { type: 'getNativeAppVersion', key: expect.stringMatching(/^[A-Za-z0-9]{32}$/) },
    ]);
    const key = versionKey();
    answer(JSON.stringify({ key, version: '1.10.0' }));
    answer(JSON.stringify({ key, version: '0.0.1' }));
    expect(onVersion.mock.calls).toEqual([['1.10.0']]);
  });

  it('hears an answer on document (Android) and as an object', () => {
    inNativeApp();
    const onVersion = vi.fn();
    requestNativeAppVersion(onVersion);
    answer({ key: versionKey(), version: '1.1.1' }, document);
    expect(onVersion).toHaveBeenCalledWith('1.1.1');
  });

  it('ignores answers with another key, without a version, or that are not JSON', () => {
    inNativeApp();
    const onVersion = vi.fn();
    requestNativeAppVersion(onVersion);
    const key = versionKey();
    answer(JSON.stringify({ key: 'A'.repeat(32), version: '9.9.9' }));
    answer(JSON.stringify({ key }));
    answer(JSON.stringify({ key, version: 119 }));
    answer('hello');
    answer(null);
    expect(onVersion).not.toHaveBeenCalled();
  });

  it('stops listening when the asker goes away', () => {
    inNativeApp();
    const onVersion = vi.fn();
    const stop = requestNativeAppVersion(onVersion);
    stop();
    answer(JSON.stringify({ key: versionKey(), version: '1.1.1' }));
    expect(onVersion).not.toHaveBeenCalled();
  });

  it('asks nothing in a browser', () => {
    vi.stubGlobal('ReactNativeWebView', { postMessage });
    const onVersion = vi.fn();
    requestNativeAppVersion(onVersion);
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('mail through the wrapper (launchMail)', () => {
  const draft = {
    to: 'support@example.jp',
    subject: '窓口 2026-11-26 10:00 1234567',
    body: '一行目\n二行目',
  };

  it('in the native app posts title, body and address', () => {
    inNativeApp();
    openMailDraft(draft);
    expect(posted()).toEqual([
      { type: 'launchMail', title: draft.subject, body: draft.body, toMailAddress: draft.to },
    ]);
  });

  it('refuses an address that could add recipients before anything reaches the wrapper', () => {
    inNativeApp();
    expect(() => openMailDraft({ ...draft, to: 'support@example.jp?cc=x@example.com' })).toThrow();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('in a browser sends nothing to a wrapper', () => {
    expect(launchNativeMail(draft)).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('push token (sendPushToken)', () => {
  it('posts the access token in the native app, nothing in a browser', () => {
    expect(sendNativePushToken('at-1')).toBe(false);
    inNativeApp();
    expect(sendNativePushToken('at-2')).toBe(true);
    expect(posted()).toEqual([{ type: 'sendPushToken', accessToken: 'at-2' }]);
  });
});

describe('native update prompt with the version check (new native app)', () => {
  function inNewNativeApp() {
    inNativeApp();
    window.localStorage.setItem('isNewNative', 'true');
  }

  it.each([
    ['1.0.9', true],
    ['1.1.0', true],
    ['unreadable', true],
    ['1.1.1', false],
    ['1.10.0', false],
    ['2.0.0', false],
  ])('answered %s: modal after 5 s is %s', (version, shown) => {
    vi.useFakeTimers();
    inNewNativeApp();
    renderHook(() => useNativeUpdatePrompt());
    answer(JSON.stringify({ key: versionKey(), version }));
    act(() => vi.advanceTimersByTime(NATIVE_UPDATE_PROMPT_DELAY_MS - 1));
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(shown);
  });

  it('raises the modal as soon as an old version answers after the 5 s', () => {
    vi.useFakeTimers();
    inNewNativeApp();
    renderHook(() => useNativeUpdatePrompt());
    act(() => vi.advanceTimersByTime(8_000));
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(false);
    act(() => answer(JSON.stringify({ key: versionKey(), version: '1.0.0' })));
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(true);
  });

  it('does not nag a wrapper that never answers, and hears nothing after unmount', () => {
    vi.useFakeTimers();
    inNewNativeApp();
    const { unmount } = renderHook(() => useNativeUpdatePrompt());
    act(() => vi.advanceTimersByTime(10_000));
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(false);
    unmount();
    answer(JSON.stringify({ key: versionKey(), version: '1.0.0' }));
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(false);
  });
});
