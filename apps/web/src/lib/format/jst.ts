import { jstCalendarDate, jstMinutesOfDay, type TimeOfDay } from '@fund/domain';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** e.g. 2026年03月05日 00時07分 (JST), as in the support mail subject (spec §9). */
export function formatJstMinute(instant: Date): string {
  const { year, month, day } = jstCalendarDate(instant);
  const minutes = jstMinutesOfDay(instant);
  return `${year}年${twoDigits(month)}月${twoDigits(day)}日 ${twoDigits(Math.floor(minutes / 60))}時${twoDigits(minutes % 60)}分`;
}

export function jstYear(instant: Date): number {
  return jstCalendarDate(instant).year;
}

/** e.g. 3:30, the way the maintenance page prints the windows. */
export function formatClockTime({ hour, minute }: TimeOfDay): string {
  return `${hour}:${twoDigits(minute)}`;
}
