import { describe, expect, it } from 'vitest';
import { noExtraHolidays } from '../calendar/business-days.ts';
import { jstInstant } from '../time/jst.ts';
import { defaultOrderCutOff, orderDatesFor, type FundTradingCalendar } from './order-dates.ts';

const foreignEquityFund: FundTradingCalendar = {
  cutOff: defaultOrderCutOff,
  priceLagBusinessDays: 1,
  buySettlementLagBusinessDays: 4,
  sellSettlementLagBusinessDays: 5,
  holidays: noExtraHolidays,
};

describe('an order after 15:00 on Friday 2026-01-09, before 成人の日 on Monday 2026-01-12', () => {
  const placedAt = jstInstant(2026, 1, 9, 15, 30);

  it('gets Tuesday 2026-01-13 as 申込日 (Sat, Sun and the Monday holiday skipped)', () => {
    expect(orderDatesFor(placedAt, 'BUY', foreignEquityFund).applicationDate).toBe('2026-01-13');
  });

  it('is priced on Wednesday 01-14 (申込日 + 1) and a buy settles Tuesday 01-20 (約定日 + 4: 15, 16, 19, 20)', () => {
    const dates = orderDatesFor(placedAt, 'BUY', foreignEquityFund);
    expect(dates.tradeDate).toBe('2026-01-14');
    expect(dates.settlementDate).toBe('2026-01-20');
  });

  it('as a sell settles a day later, Wednesday 01-21 (約定日 + 5)', () => {
    expect(orderDatesFor(placedAt, 'SELL', foreignEquityFund).settlementDate).toBe('2026-01-21');
  });

  it('can be cancelled until 15:00 JST on Tuesday 01-13 (06:00 UTC)', () => {
    expect(orderDatesFor(placedAt, 'BUY', foreignEquityFund).cancelDeadline.toISOString()).toBe(
      '2026-01-13T06:00:00.000Z',
    );
  });

  it('at 14:59 the same Friday still counts for Friday 01-09', () => {
    expect(orderDatesFor(jstInstant(2026, 1, 9, 14, 59), 'BUY', foreignEquityFund).applicationDate).toBe(
      '2026-01-09',
    );
  });
});
