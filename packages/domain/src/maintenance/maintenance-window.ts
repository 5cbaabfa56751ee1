import { isJapaneseHoliday } from '../calendar/japanese-holidays.ts';
import {
  jstCalendarDate,
  jstMinutesOfDay,
  jstWeekday,
  minutesOfDay,
  Weekday,
  type TimeOfDay,
} from '../time/jst.ts';

/** How a JST calendar day is classified for the regular maintenance schedule. */
export type MaintenanceDayKind = 'weekday' | 'saturday' | 'holiday' | 'sunday';

/** A regular maintenance window on the Japanese wall clock: from `start` (inclusive) to `end` (exclusive). */
export interface MaintenanceWindow {
  readonly days: readonly MaintenanceDayKind[];
  /** How the maintenance page names the days. */
  readonly label: string;
  readonly start: TimeOfDay;
  readonly end: TimeOfDay;
}

/**
 * The regular maintenance windows (spec §2, §9), JST, in the order the maintenance page lists them. The
 * page and the server read the same data so the printed times and the 503 answers cannot drift apart.
 * The spec notes that the end "may vary": an overrun is covered by the server's manual maintenance
 * switch, not by these windows.
 */
export const regularMaintenanceWindows = [
  {
    days: ['weekday', 'saturday', 'holiday'],
    label: '平日・土曜・祝日',
    start: { hour: 3, minute: 30 },
    end: { hour: 6, minute: 30 },
  },
  {
    days: ['sunday'],
    label: '日曜',
    start: { hour: 3, minute: 30 },
    end: { hour: 7, minute: 30 },
  },
] as const satisfies readonly MaintenanceWindow[];

/**
 * A Sunday that is also a national holiday counts as a Sunday: the spec names holidays beside weekdays
 * and Saturdays, and the Sunday window (03:30-07:30) contains theirs (03:30-06:30), so choosing it can
 * never open the service while the weekly Sunday maintenance may still be running.
 */
export function maintenanceDayKindOf(instant: Date): MaintenanceDayKind {
  const weekday = jstWeekday(instant);
  if (weekday === Weekday.sunday) return 'sunday';
  if (isJapaneseHoliday(jstCalendarDate(instant))) return 'holiday';
  return weekday === Weekday.saturday ? 'saturday' : 'weekday';
}

/** The regular window of the JST calendar day that contains `instant`. */
export function regularMaintenanceWindowOn(instant: Date): MaintenanceWindow {
  const kind = maintenanceDayKindOf(instant);
  const window = regularMaintenanceWindows.find((candidate) =>
    (candidate.days as readonly MaintenanceDayKind[]).includes(kind),
  );
  if (window === undefined) throw new Error(`No regular maintenance window covers ${kind}`);
  return window;
}

/** Whether `instant` falls inside the regular maintenance window of its JST day. */
export function isInMaintenanceWindow(instant: Date): boolean {
  const window = regularMaintenanceWindowOn(instant);
  const minute = jstMinutesOfDay(instant);
  return minute >= minutesOfDay(window.start) && minute < minutesOfDay(window.end);
}
