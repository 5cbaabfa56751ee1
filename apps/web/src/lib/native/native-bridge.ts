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
 * Every message of spec §7 the wrapper understands, in one place (decision 026).
 * - `openExternalBrowser` { url }: open the URL in the device's browser, outside the WebView.
 * - `launchMail` { title, body, toMailAddress }: open the device's mail app with a draft.
 * - `sendPushToken` { accessToken }: register the signed-in customer for push notifications.
 * - `getNativeAppVersion` { key }: ask for the app version; the wrapper answers once with a `message`
 *   event whose data is `{ key, version }` (as JSON text or an object), `key` being the one sent
 *   (32 random alphanumeric characters, spec §9).
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

/** Spec §9: the one-time key of a wrapper answer is 32 random alphanumeric characters. */
export const NATIVE_CALLBACK_KEY_LENGTH = 32;

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A one-time key for a wrapper answer. 256 is not a multiple of the 62 characters, so random bytes from
 * 248 up are dropped (rejection sampling): every character is then equally likely.
 */
export function createNativeCallbackKey(): string {
  const limit = 256 - (256 % alphanumeric.length);
  let key = '';
  while (key.length < NATIVE_CALLBACK_KEY_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(NATIVE_CALLBACK_KEY_LENGTH * 2))) {
      if (byte >= limit) continue;
      key += alphanumeric[byte % alphanumeric.length];
      if (key.length === NATIVE_CALLBACK_KEY_LENGTH) break;
    }
  }
  return key;
}

/** The version in a wrapper answer carrying `key`; undefined for any other message. */
function versionAnswerFor(key: string, data: unknown): string | undefined {
  let answer: unknown = data;
  if (typeof data === 'string') {
    try {
      answer = JSON.parse(data);
    } catch {
      // other scripts post plain text too (e.g. a framed page); not our answer
      return undefined;
    }
  }
  if (typeof answer !== 'object' || answer === null) return undefined;
  const { key: answeredKey, version } = answer as { key?: unknown; version?: unknown };
  return answeredKey === key && typeof version === 'string' ? version : undefined;
}

/**
 * Asks the wrapper for its app version (spec §7 `getNativeAppVersion`) under a fresh one-time key and calls
 * `onVersion` once with the version of the answer carrying that key. React Native's WebView delivers the
 * wrapper's messages as `message` events on `window` (iOS) or `document` (Android), so both are heard.
 * Returns a function that stops listening (call it when the asker goes away); outside the wrapper it
 * sends nothing, never calls `onVersion` and returns a no-op.
 */
export function requestNativeAppVersion(onVersion: (version: string) => void): () => void {
  const key = createNativeCallbackKey();
  const targets: EventTarget[] = [window, document];
  let listening = true;
  const stop = () => {
    if (!listening) return;
    listening = false;
    for (const target of targets) target.removeEventListener('message', onMessage);
  };
  function onMessage(event: Event) {
    if (!(event instanceof MessageEvent)) return;
    const version = versionAnswerFor(key, event.data);
    if (version === undefined) return;
    // one-time: a replayed answer with the same key is not heard again
    stop();
    onVersion(version);
  }
  for (const target of targets) target.addEventListener('message', onMessage);
  if (!postNativeMessage({ type: NativeMessageType.getNativeAppVersion, key })) stop();
  return stop;
}

/** Opens the device's mail app with a draft through the wrapper (spec §7); false outside the wrapper. */
export function launchNativeMail(draft: {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}): boolean {
  return postNativeMessage({
    type: NativeMessageType.launchMail,
    title: draft.subject,
    body: draft.body,
    toMailAddress: draft.to,
  });
}

/**
 * Hands the signed-in customer's access token to the wrapper, which registers the device for push
 * notifications with it (spec §7); false outside the wrapper.
 */
export function sendNativePushToken(accessToken: string): boolean {
  return postNativeMessage({ type: NativeMessageType.sendPushToken, accessToken });
}
