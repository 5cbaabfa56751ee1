import { readItem, removeItem, session, SessionKey, writeItem } from './storage-keys';

/** Shown after the customer comes back from a sign-in the app had to ask for again (spec §4 step 5). */
export const SESSION_EXPIRED_MESSAGE =
  'ログインの有効期限が切れました。お手数ですが、再度ログインしてください。';

/** Shown after a return from sign-in whose code could not be exchanged. */
export const SIGN_IN_FAILED_MESSAGE = 'ログインできませんでした。お手数ですが、再度ログインしてください。';

/**
 * A message that must survive the trip to the sign-in screen and back (session storage: this tab only),
 * for the app to show as a toast when the customer is back.
 */
export function keepFlashMessage(message: string): void {
  writeItem(session, SessionKey.flashMessage, message);
}

/** The kept message, once: it is removed as it is read. */
export function takeFlashMessage(): string | null {
  const message = readItem(session, SessionKey.flashMessage);
  if (message !== null) removeItem(session, SessionKey.flashMessage);
  return message === '' ? null : message;
}
