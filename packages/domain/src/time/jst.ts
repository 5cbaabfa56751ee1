/**
 * Japan Standard Time helpers that never consult the machine's time zone: JST is UTC+9 all year (Japan
 * has had no daylight saving time since 1951), so shifting the instant by nine hours and reading the UTC
 * fields gives the wall-clock values in Japan wherever the process runs.
 */

const jstOffsetMilliseconds = 9 * 60 * 60 * 1000;

/** Day of the week with 0 = Sunday … 6 = Saturday, as `Date#getUTCDay` counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const Weekday = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
} as const satisfies Record<string, Weekday>;

/** A calendar date in Japan; month is 1-12. */
export interface JstCalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A time of day on the Japanese wall clock. */
export interface TimeOfDay {
  readonly hour: number;
  readonly minute: number;
}

function shifted(instant: Date): Date {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid Date: cannot convert to Japan Standard Time');
  return new Date(time + jstOffsetMilliseconds);
}

export function jstCalendarDate(instant: Date): JstCalendarDate {
  const wall = shifted(instant);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** The JST calendar date as `YYYY-MM-DD`, the key format of holiday tables. */
export function jstIsoDate(instant: Date): string {
  return formatIsoDate(jstCalendarDate(instant));
}

export function formatIsoDate(date: JstCalendarDate): string {
  const year = String(date.year).padStart(4, '0');
  const month = String(date.month).padStart(2, '0');
  const day = String(date.day).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

export function jstWeekday(instant: Date): Weekday {
  return shifted(instant).getUTCDay() as Weekday;
}

/** Whole minutes since midnight JST (0-1439); seconds are dropped, so 06:29:59 counts as 06:29. */
export function jstMinutesOfDay(instant: Date): number {
  const wall = shifted(instant);
  return wall.getUTCHours() * 60 + wall.getUTCMinutes();
}

/** The JST wall-clock time of an instant, to the minute (seconds dropped, as `jstMinutesOfDay`). */
export function jstTimeOfDay(instant: Date): TimeOfDay {
  const minutes = jstMinutesOfDay(instant);
  return { hour: Math.floor(minutes / 60), minute: minutes % 60 };
}

export function minutesOfDay(time: TimeOfDay): number {
  return time.hour * 60 + time.minute;
}

/** `03:30` style, the way the maintenance page and notices print times. */
export function formatTimeOfDay(time: TimeOfDay): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}

/** The instant at which the Japanese wall clock shows the given date and time; month is 1-12. */
export function jstInstant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - jstOffsetMilliseconds);
}
