// Started by the session gate (app/session-gate.ts) once a page load has a valid session; nothing else
// needs to call it.

import { env } from '../../config/env';
import { startActivityLog } from './activity-log';
import { startAutoLogout } from './auto-logout';

let started = false;

/**
 * The background parts of a signed-in session, once per page load: the activity log, and the auto-logout
 * when VITE_AUTO_LOGOUT_MINUTES is set (spec §4 step 7 leaves open whether it is enabled; off by default).
 */
export function startSessionServices(autoLogoutMinutes: number | null = env.autoLogoutMinutes): void {
  if (started) return;
  started = true;
  startActivityLog();
  if (autoLogoutMinutes !== null) startAutoLogout({ spanMs: autoLogoutMinutes * 60_000 });
}
