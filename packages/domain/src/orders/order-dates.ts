import {
  addBusinessDays,
  businessDayOnOrAfter,
  isBusinessDay,
  nextBusinessDay,
  type ExtraHolidays,
} from '../calendar/business-days.ts';
import { calendarDateOf, jstDateOf, type IsoDate } from '../calendar/iso-date.ts';
import type { OrderChannelType, OrderStatus } from '../enums/order.ts';
import { jstInstant, type TimeOfDay } from '../time/jst.ts';

/**
 * Order dates (domain.md §2), all JST:
 * - 申込日 (application date): the day the order counts for; an order before the cut-off on one of the
 *   fund's business days counts that day, any other order counts on the next one.
 * - 約定日 (trade date, priced at that day's NAV): 申込日 + the fund's price lag, counted in the fund's
 *   business days (its foreign-market holidays skipped too), because no order is priced on those days.
 * - 受渡日 (settlement date): 約定日 + the fund's buy or sell settlement lag, counted in domestic business
 *   days: settlement is a yen movement between Japanese banks, which a foreign market holiday does not stop.
 * - The order can be cancelled until the cut-off of its 申込日.
 */

export type OrderSide = 'BUY' | 'SELL';

/** The order cut-off unless a fund sets its own (15:00 JST, 受付締切時間). */
export const defaultOrderCutOff: TimeOfDay = { hour: 15, minute: 0 };

/** What the order-date rules need to know about one fund. */
export interface FundTradingCalendar {
  readonly cutOff: TimeOfDay;
  /** Business days from 申込日 to 約定日: 0 for domestic assets, 1 for foreign, 2 for some funds of funds. */
  readonly priceLagBusinessDays: number;
  /** Business days from 約定日 to 受渡日 for buys and for sells (typically 3-5, may differ). */
  readonly buySettlementLagBusinessDays: number;
  readonly sellSettlementLagBusinessDays: number;
  /** The fund's own non-business days (海外休場日), on top of the Japanese ones. */
  readonly holidays: ExtraHolidays;
}

export interface OrderDates {
  /** 申込日 */
  readonly applicationDate: IsoDate;
  /** 約定日 */
  readonly tradeDate: IsoDate;
  /** 受渡日 */
  readonly settlementDate: IsoDate;
  /** The order may be cancelled strictly before this instant: the cut-off of its 申込日. */
  readonly cancelDeadline: Date;
}

function assertLag(name: string, lag: number): void {
  if (!Number.isInteger(lag) || lag < 0)
    throw new RangeError(`${name} must be a whole number ≥ 0, got ${lag}`);
}

function assertCalendar(fund: FundTradingCalendar): void {
  assertLag('priceLagBusinessDays', fund.priceLagBusinessDays);
  assertLag('buySettlementLagBusinessDays', fund.buySettlementLagBusinessDays);
  assertLag('sellSettlementLagBusinessDays', fund.sellSettlementLagBusinessDays);
  const { hour, minute } = fund.cutOff;
  if (
    !Number.isInteger(hour) ||
    !Number.isInteger(minute) ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59
  ) {
    throw new RangeError(`Invalid cut-off time ${hour}:${minute}`);
  }
}

/** The instant of the cut-off on a date (e.g. 2026-01-13 15:00 JST). */
export function cutOffInstant(date: IsoDate, cutOff: TimeOfDay): Date {
  const { year, month, day } = calendarDateOf(date);
  return jstInstant(year, month, day, cutOff.hour, cutOff.minute);
}

/**
 * 申込日 of an order placed at `placedAt`. The cut-off is exclusive: an order at 15:00:00.000 exactly is
 * already late, one at 14:59:59.999 is in time.
 */
export function applicationDateFor(placedAt: Date, fund: FundTradingCalendar): IsoDate {
  assertCalendar(fund);
  const today = jstDateOf(placedAt);
  if (
    isBusinessDay(today, fund.holidays) &&
    placedAt.getTime() < cutOffInstant(today, fund.cutOff).getTime()
  ) {
    return today;
  }
  return nextBusinessDay(today, fund.holidays);
}

/** 約定日 = 申込日 + price lag, in the fund's business days. */
export function tradeDateFor(applicationDate: IsoDate, fund: FundTradingCalendar): IsoDate {
  assertCalendar(fund);
  const start = businessDayOnOrAfter(applicationDate, fund.holidays);
  return addBusinessDays(start, fund.priceLagBusinessDays, fund.holidays);
}

/** 受渡日 = 約定日 + the side's settlement lag, in domestic business days. */
export function settlementDateFor(tradeDate: IsoDate, side: OrderSide, fund: FundTradingCalendar): IsoDate {
  assertCalendar(fund);
  const lag = side === 'BUY' ? fund.buySettlementLagBusinessDays : fund.sellSettlementLagBusinessDays;
  return addBusinessDays(businessDayOnOrAfter(tradeDate), lag);
}

export function orderDatesFor(placedAt: Date, side: OrderSide, fund: FundTradingCalendar): OrderDates {
  const applicationDate = applicationDateFor(placedAt, fund);
  const tradeDate = tradeDateFor(applicationDate, fund);
  return {
    applicationDate,
    tradeDate,
    settlementDate: settlementDateFor(tradeDate, side, fund),
    cancelDeadline: cutOffInstant(applicationDate, fund.cutOff),
  };
}

/** Buys come from spot buys and recurring purchases, sells from spot and scheduled sells. */
export function orderSideOf(channel: OrderChannelType): OrderSide {
  return channel === 'BUY' || channel === 'TSUMITATE' ? 'BUY' : 'SELL';
}

/** An order can be cancelled while it is still ORDERED and the cut-off of its 申込日 has not passed. */
export function canCancelOrder(status: OrderStatus, at: Date, cancelDeadline: Date): boolean {
  return status === 'ORDERED' && at.getTime() < cancelDeadline.getTime();
}
