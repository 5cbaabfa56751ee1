// Started by startSessionServices (session-services.ts), which the session gate calls once a page load
// has a valid session, and only when VITE_AUTO_LOGOUT_MINUTES is set.

import { lastActivityTime } from './activity-log';
import { signOut } from './sign-out';

/** Spec §4 step 7, §9: the activity is checked every 10 seconds. */
export const AUTO_LOGOUT_CHECK_MS = 10_000;

export interface AutoLogoutOptions {
  /** Inactivity after which the session ends. */
  readonly spanMs: number;
  /** Runs first when the span is exceeded. */
  readonly onTimeout?: () => void;
}

/**
 * The optional auto-logout (spec §4 step 7): every 10 s it compares the last logged activity (never
 * earlier than the checker's start) with now; once the span is exceeded it runs the callback, then signs
 * out, which clears storage and reloads. Returns a function that stops the checker.
 */
export function startAutoLogout({ spanMs, onTimeout }: AutoLogoutOptions): () => void {
  const startedAt = Date.now();
  const timer = setInterval(() => {
    const lastActivity = Math.max(lastActivityTime() ?? startedAt, startedAt);
    if (Date.now() - lastActivity <= spanMs) return;
    clearInterval(timer);
    onTimeout?.();
    void signOut();
  }, AUTO_LOGOUT_CHECK_MS);
  return () => clearInterval(timer);
}
