import { addCalendarDays, jstDateOf, type IsoDate } from '../calendar/iso-date.ts';
import { cutOffInstant, defaultOrderCutOff } from '../orders/order-dates.ts';
import type { TimeOfDay } from '../time/jst.ts';

/**
 * Blind pricing (domain.md §1): an order placed before the cut-off is priced at the NAV of its 約定日,
 * which nobody may know when the order is placed. So the NAV of a date is published — shown in the fund
 * list and detail, the NAV series, the valuation of assets, the estimate of an order — only once that
 * date's cut-off has passed: at `now`, NAV dates up to the one returned here. Before the cut-off that
 * is yesterday (calendar; the latest stored NAV on or before it is what screens show), from it today.
 */
export function latestPublishedNavDate(now: Date, cutOff: TimeOfDay = defaultOrderCutOff): IsoDate {
  const today = jstDateOf(now);
  return now.getTime() >= cutOffInstant(today, cutOff).getTime() ? today : addCalendarDays(today, -1);
}

/** The NAV date bound of a view of `date` at `now`: `date` itself, unless its NAV is not published yet. */
export function publishedNavBound(date: IsoDate, now: Date, cutOff: TimeOfDay = defaultOrderCutOff): IsoDate {
  const published = latestPublishedNavDate(now, cutOff);
  return date < published ? date : published;
}

/** A fund's cut-off time as stored (`HH:MM` or `HH:MM:SS`, JST) as a time of day. */
export function parseCutOffTime(text: string): TimeOfDay {
  const [hour, minute] = text.split(':').map(Number);
  return { hour: hour ?? defaultOrderCutOff.hour, minute: minute ?? defaultOrderCutOff.minute };
}
