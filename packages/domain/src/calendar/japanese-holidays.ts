import holidayJp from '@holiday-jp/holiday_jp';
import { formatIsoDate, type JstCalendarDate } from '../time/jst.ts';

/**
 * National holidays of Japan (国民の祝日 and substitute holidays) from @holiday-jp/holiday_jp, whose data
 * currently runs to 2050; later dates are reported as ordinary days.
 *
 * The library's own `isHoliday(Date)` formats the date in the machine's time zone, so it is bypassed:
 * lookups go straight to its table by `YYYY-MM-DD` key.
 */
const holidays: Readonly<Record<string, { readonly name: string }>> = holidayJp.holidays;

export function isJapaneseHoliday(date: JstCalendarDate): boolean {
  return Object.hasOwn(holidays, formatIsoDate(date));
}

/** The holiday's Japanese name (e.g. 元日), or undefined on an ordinary day. */
export function japaneseHolidayName(date: JstCalendarDate): string | undefined {
  const key = formatIsoDate(date);
  return Object.hasOwn(holidays, key) ? holidays[key]?.name : undefined;
}
