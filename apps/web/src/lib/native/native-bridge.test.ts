import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openExternalUrl } from '../navigation/external';
import { useUiStore } from '../store/ui-store';
import {
  isNativeApp,
  isNewNativeApp,
  NativeMessageType,
  openInNativeBrowser,
  postNativeMessage,
} from './native-bridge';
import { NATIVE_UPDATE_PROMPT_DELAY_MS, useNativeUpdatePrompt } from './use-native-update-prompt';

let postMessage: ReturnType<typeof vi.fn>;

beforeEach(() => {
  postMessage = vi.fn();
});

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

function inNativeApp() {
  window.localStorage.setItem('isNative', 'true');
  vi.stubGlobal('ReactNativeWebView', { postMessage });
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
    ['in a new native app', { isNative: 'true', isNewNative: 'true' }],
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
