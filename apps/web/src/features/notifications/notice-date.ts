import { jstCalendarDate } from '@fund/domain';

/** A notice's publication day in JST, e.g. 2026年11月18日. */
export function formatNoticeDate(iso: string): string {
  const { year, month, day } = jstCalendarDate(new Date(iso));
  return `${year}年${month}月${day}日`;
}
