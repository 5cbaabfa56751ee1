// Started by startSessionServices (session-services.ts), which the session gate calls once a page load
// has a valid session.

import { readItem, session, SessionKey, writeItem } from './storage-keys';

/**
 * The user-activity log (spec §3, §9): the 18 most recent events over nine kinds, an event not repeated
 * within the same clock minute. The auto-logout reads the last activity from it.
 *
 * Kept in session storage rather than memory: it then survives a reload of the tab (the reload is itself
 * logged as `load`), stays with the tab it describes, and goes with sign-out, which clears session
 * storage. Writes are rare despite mousemove and scroll: at most one per kind per minute.
 */
export const ACTIVITY_EVENT_NAMES = [
  'load',
  'click',
  'change',
  'input',
  'keydown',
  'scroll',
  'wheel',
  'touchstart',
  'mousemove',
] as const;

export type ActivityEventName = (typeof ACTIVITY_EVENT_NAMES)[number];

export interface ActivityEvent {
  readonly name: ActivityEventName;
  /** Milliseconds since the epoch. */
  readonly time: number;
}

export const ACTIVITY_LOG_SIZE = 18;

const MINUTE_MS = 60_000;
const names: readonly string[] = ACTIVITY_EVENT_NAMES;

function isActivityEvent(value: unknown): value is ActivityEvent {
  if (value === null || typeof value !== 'object') return false;
  const { name, time } = value as Record<string, unknown>;
  return (
    typeof name === 'string' && names.includes(name) && typeof time === 'number' && Number.isFinite(time)
  );
}

export function readActivityLog(): ActivityEvent[] {
  const raw = readItem(session, SessionKey.activityLog);
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isActivityEvent) : [];
  } catch {
    return [];
  }
}

const minuteOf = (time: number) => Math.floor(time / MINUTE_MS);

/** Adds an event, unless one of the same name is already logged in the same minute; keeps the last 18. */
export function recordActivity(name: ActivityEventName, time: number = Date.now()): void {
  const log = readActivityLog();
  if (log.some((event) => event.name === name && minuteOf(event.time) === minuteOf(time))) return;
  const next = [...log, { name, time }].slice(-ACTIVITY_LOG_SIZE);
  writeItem(session, SessionKey.activityLog, JSON.stringify(next));
}

/** Time of the most recent logged event; null when nothing is logged. */
export function lastActivityTime(): number | null {
  const times = readActivityLog().map((event) => event.time);
  return times.length === 0 ? null : Math.max(...times);
}

/**
 * Logs the nine kinds of activity on `target` (passive listeners, capturing, so that scrolls of inner
 * elements count too). The page's load is logged at once when it has already happened. Returns a stop.
 */
export function startActivityLog(target: Window = window): () => void {
  const listeners = ACTIVITY_EVENT_NAMES.map((name) => {
    const listener = () => recordActivity(name);
    target.addEventListener(name, listener, { passive: true, capture: true });
    return [name, listener] as const;
  });
  if (target.document.readyState === 'complete') recordActivity('load');
  return () => {
    for (const [name, listener] of listeners) target.removeEventListener(name, listener, { capture: true });
  };
}
