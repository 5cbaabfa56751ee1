import type { ScheduledSell } from '@fund/contracts';
import {
  isoDate,
  isScheduledSellMonth,
  nextYearMonth,
  scheduledSellOrderDate,
  scheduledSellPayoutDate,
  yearMonthOf,
  type IsoDate,
} from '@fund/domain';

export interface ScheduledSellDates {
  /** The next 16th (or the next business day in Japan) of a month the plan sells in, from `today`. */
  readonly orderDate: IsoDate;
  /** The 6th business day after it, when the proceeds reach お預り金. */
  readonly payoutDate: IsoDate;
}

/**
 * The next order and payout dates of an instruction by the rules of domain.md §3, from the business date
 * of the server (`/v1/assets` referenceDate). The fund's own holidays are not known here, so the screen
 * says the order may move to the next day the fund takes orders.
 */
export function nextScheduledSellDates(
  frequency: ScheduledSell['frequency'],
  today: string,
): ScheduledSellDates {
  const from = isoDate(today);
  let month = yearMonthOf(from);
  for (;;) {
    if (isScheduledSellMonth(frequency, month.month)) {
      const orderDate = scheduledSellOrderDate(month);
      if (orderDate >= from) return { orderDate, payoutDate: scheduledSellPayoutDate(orderDate) };
    }
    month = nextYearMonth(month);
  }
}
