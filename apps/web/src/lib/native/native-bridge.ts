/**
 * The bridge to the native mobile wrapper (spec §3 local flags, §7 "Native wrapper messages").
 *
 * The wrapper hosts the app in a React Native WebView. It marks its presence by storing `isNative` in
 * local storage (and `isNewNative` from the app version that no longer needs the update prompt), and it
 * listens for JSON messages posted through `window.ReactNativeWebView.postMessage`. Every message is an
 * object with a `type` and the fields listed below; the names are the wrapper's, so they must not change.
 */

/** Local storage keys the wrapper writes (spec §3). */
export const NativeFlag = {
  /** The app runs inside the native wrapper. */
  isNative: 'isNative',
  /** The wrapper is a version that does not need the update prompt. */
  isNewNative: 'isNewNative',
} as const;

/**
 * Every message of spec §7 the wrapper understands, in one place. Only `openExternalBrowser` is sent
 * today; the others are listed so that a later feature uses the same names.
 * - `openExternalBrowser` { url }: open the URL in the device's browser, outside the WebView.
 * - `launchMail` { title, body, toMailAddress }: open the device's mail app with a draft.
 * - `sendPushToken` { accessToken }: register the signed-in customer for push notifications.
 * - `getNativeAppVersion` { key }: ask for the app version; the wrapper answers once with `key` and the
 *   version (key: 32 random alphanumeric characters, spec §9).
 */
export const NativeMessageType = {
  openExternalBrowser: 'openExternalBrowser',
  launchMail: 'launchMail',
  sendPushToken: 'sendPushToken',
  getNativeAppVersion: 'getNativeAppVersion',
} as const;

export type NativeMessage =
  | { readonly type: typeof NativeMessageType.openExternalBrowser; readonly url: string }
  | {
      readonly type: typeof NativeMessageType.launchMail;
      readonly title: string;
      readonly body: string;
      readonly toMailAddress: string;
    }
  | { readonly type: typeof NativeMessageType.sendPushToken; readonly accessToken: string }
  | { readonly type: typeof NativeMessageType.getNativeAppVersion; readonly key: string };

interface ReactNativeWebView {
  postMessage(message: string): void;
}

declare global {
  interface Window {
    /** Injected by the native wrapper's WebView; absent in a browser. */
    ReactNativeWebView?: ReactNativeWebView;
  }
}

function storedFlag(key: string): boolean {
  try {
    const value = window.localStorage.getItem(key);
    // the marker counts when it is stored; an explicit "false" does not
    return value !== null && value !== 'false';
  } catch {
    // storage can be unavailable (private mode, blocked cookies): then this is not the wrapper
    return false;
  }
}

/** The native wrapper's marker is stored (spec §3 isNative). */
export function isNativeApp(): boolean {
  return storedFlag(NativeFlag.isNative);
}

/** The new-native marker is stored (spec §3 isNewNative). */
export function isNewNativeApp(): boolean {
  return storedFlag(NativeFlag.isNewNative);
}

/**
 * Posts a message to the wrapper. Returns false, sending nothing, outside the wrapper: when the marker
 * is missing or the WebView's bridge is not there (a browser that happens to have the marker stored).
 */
export function postNativeMessage(message: NativeMessage): boolean {
  const bridge = window.ReactNativeWebView;
  if (!isNativeApp() || bridge === undefined) return false;
  bridge.postMessage(JSON.stringify(message));
  return true;
}

/** Asks the wrapper to open the URL in the device's browser; false outside the wrapper. */
export function openInNativeBrowser(url: string): boolean {
  return postNativeMessage({ type: NativeMessageType.openExternalBrowser, url });
}
