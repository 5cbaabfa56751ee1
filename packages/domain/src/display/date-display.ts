import { jstCalendarDate, jstMinutesOfDay } from '../time/jst.ts';

/**
 * Dates as the screens and documents print them, in Japan's calendar whatever the machine's time zone:
 * 2026年3月5日, never 2026/03/05 nor a US order.
 */

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const weekdays = ['日', '月', '火', '水', '木', '金', '土'] as const;

function partsOf(isoDate: string): { year: number; month: number; day: number } {
  const match = isoDatePattern.exec(isoDate);
  if (match === null) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** "2026-03-05" → "2026年3月5日" (申込日, 約定日, 受渡日, 基準日). */
export function formatJapaneseDate(isoDate: string): string {
  const { year, month, day } = partsOf(isoDate);
  return `${year}年${month}月${day}日`;
}

/** "2026-03-05" → "2026年3月5日(木)": where the weekday helps to plan (debit dates, 受渡日). */
export function formatJapaneseDateWithWeekday(isoDate: string): string {
  const { year, month, day } = partsOf(isoDate);
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
  return `${year}年${month}月${day}日(${weekday})`;
}

/** "2026-03-05" → "3月5日", in lists within one year. */
export function formatMonthDay(isoDate: string): string {
  const { month, day } = partsOf(isoDate);
  return `${month}月${day}日`;
}

/** "2026-03" or "2026-03-05" → "2026年3月". */
export function formatYearMonth(isoDateOrMonth: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(isoDateOrMonth);
  if (match === null) throw new RangeError(`Not a YYYY-MM month: ${isoDateOrMonth}`);
  return `${Number(match[1])}年${Number(match[2])}月`;
}

/** An instant (ISO 8601 with offset) on the Japanese clock: "2026年3月5日 15:00" (取消期限, 最終ログイン). */
export function formatJapaneseDateTime(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const { year, month, day } = jstCalendarDate(date);
  const minutes = jstMinutesOfDay(date);
  const hour = Math.floor(minutes / 60);
  const minute = String(minutes % 60).padStart(2, '0');
  return `${year}年${month}月${day}日 ${hour}:${minute}`;
}
