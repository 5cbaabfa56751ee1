import { describe, expect, it } from 'vitest';
import { extraHolidaysOf, noExtraHolidays } from '../calendar/business-days.ts';
import { isoDate } from '../calendar/iso-date.ts';
import { jstInstant } from '../time/jst.ts';
import {
  applicationDateFor,
  canCancelOrder,
  cutOffInstant,
  defaultOrderCutOff,
  orderDatesFor,
  orderSideOf,
  settlementDateFor,
  tradeDateFor,
  type FundTradingCalendar,
} from './order-dates.ts';

const domesticFund: FundTradingCalendar = {
  cutOff: defaultOrderCutOff,
  priceLagBusinessDays: 0,
  buySettlementLagBusinessDays: 3,
  sellSettlementLagBusinessDays: 4,
  holidays: noExtraHolidays,
};

describe('申込日: cut-off 15:00 JST, exclusive', () => {
  it('counts 14:59:59.999 for the same business day and 15:00:00.000 for the next', () => {
    const justBefore = new Date(jstInstant(2026, 3, 18, 15, 0).getTime() - 1);
    expect(applicationDateFor(justBefore, domesticFund)).toBe('2026-03-18');
    expect(applicationDateFor(jstInstant(2026, 3, 18, 15, 0), domesticFund)).toBe('2026-03-19');
  });

  it('reads the clock in JST: 2026-03-18 05:59 UTC is 14:59 JST (in time), 06:00 UTC is 15:00 JST (late)', () => {
    expect(applicationDateFor(new Date('2026-03-18T05:59:00Z'), domesticFund)).toBe('2026-03-18');
    expect(applicationDateFor(new Date('2026-03-18T06:00:00Z'), domesticFund)).toBe('2026-03-19');
  });

  it('moves an early-morning order on Saturday 2026-03-21 to Monday 03-23', () => {
    expect(applicationDateFor(jstInstant(2026, 3, 21, 9, 0), domesticFund)).toBe('2026-03-23');
  });

  it('moves an order on 2026-12-31 to the first business day of 2027, Monday 01-04', () => {
    expect(applicationDateFor(jstInstant(2026, 12, 31, 10, 0), domesticFund)).toBe('2027-01-04');
  });

  it('honours a fund’s own cut-off: 14:30 at a 14:00 cut-off is late', () => {
    const earlyFund = { ...domesticFund, cutOff: { hour: 14, minute: 0 } };
    expect(applicationDateFor(jstInstant(2026, 3, 18, 14, 30), earlyFund)).toBe('2026-03-19');
  });

  it('takes no order on a fund holiday: morning of 2026-03-18 closed in London → 03-19', () => {
    const londonFund = { ...domesticFund, holidays: extraHolidaysOf(['2026-03-18']) };
    expect(applicationDateFor(jstInstant(2026, 3, 18, 10, 0), londonFund)).toBe('2026-03-19');
  });

  it('refuses a broken fund calendar', () => {
    const at = jstInstant(2026, 3, 18, 10, 0);
    expect(() => applicationDateFor(at, { ...domesticFund, cutOff: { hour: 24, minute: 0 } })).toThrow(
      RangeError,
    );
    expect(() => orderDatesFor(at, 'BUY', { ...domesticFund, priceLagBusinessDays: -1 })).toThrow(RangeError);
    expect(() => orderDatesFor(at, 'BUY', { ...domesticFund, buySettlementLagBusinessDays: 1.5 })).toThrow(
      RangeError,
    );
  });
});

describe('約定日 and 受渡日', () => {
  it('prices a domestic fund on the 申込日 itself (lag 0): 2026-03-18 → 03-18; a buy settles Tue 03-24 (+3)', () => {
    const dates = orderDatesFor(jstInstant(2026, 3, 18, 10, 0), 'BUY', domesticFund);
    expect(dates.tradeDate).toBe('2026-03-18');
    // 2026-03-20 (Fri) is 春分の日: +1 = 03-19, +2 = 03-23, +3 = 03-24
    expect(dates.settlementDate).toBe('2026-03-24');
  });

  it('skips fund holidays for the 約定日 but not for the 受渡日 (settlement is a domestic yen movement)', () => {
    const nyFund: FundTradingCalendar = {
      ...domesticFund,
      priceLagBusinessDays: 1,
      buySettlementLagBusinessDays: 2,
      holidays: extraHolidaysOf(['2026-07-03']),
    };
    // 申込日 Thu 07-02; +1 fund business day skips Fri 07-03 (NY closed) → Mon 07-06
    expect(tradeDateFor(isoDate('2026-07-02'), nyFund)).toBe('2026-07-06');
    // 受渡日: 07-06 + 2 domestic business days = Wed 07-08
    expect(settlementDateFor(isoDate('2026-07-06'), 'BUY', nyFund)).toBe('2026-07-08');
    // and a settlement lag is not stretched by a later fund holiday: 07-02 + 1 = 07-03 domestically
    expect(
      settlementDateFor(isoDate('2026-07-02'), 'SELL', { ...nyFund, sellSettlementLagBusinessDays: 1 }),
    ).toBe('2026-07-03');
  });

  it('prices a fund of funds two business days later (lag 2): 申込日 Mon 2026-12-28 → 約定日 Wed 12-30', () => {
    const fundOfFunds = { ...domesticFund, priceLagBusinessDays: 2 };
    expect(tradeDateFor(isoDate('2026-12-28'), fundOfFunds)).toBe('2026-12-30');
  });

  it('settles a late-December order in January: 約定日 2026-12-30 + 3 = 2027-01-04, 01-05, 01-06', () => {
    expect(settlementDateFor(isoDate('2026-12-30'), 'BUY', domesticFund)).toBe('2027-01-06');
  });
});

describe('cancelling an order', () => {
  const deadline = cutOffInstant(isoDate('2026-03-18'), defaultOrderCutOff);

  it('is allowed while ORDERED and before 15:00 JST of the 申込日', () => {
    expect(canCancelOrder('ORDERED', jstInstant(2026, 3, 18, 14, 59), deadline)).toBe(true);
  });

  it('is refused from the cut-off on, and in any other status', () => {
    expect(canCancelOrder('ORDERED', jstInstant(2026, 3, 18, 15, 0), deadline)).toBe(false);
    expect(canCancelOrder('EXECUTED', jstInstant(2026, 3, 18, 9, 0), deadline)).toBe(false);
    expect(canCancelOrder('CANCELED', jstInstant(2026, 3, 18, 9, 0), deadline)).toBe(false);
  });
});

describe('order side of a channel', () => {
  it('buys for BUY and TSUMITATE, sells for SELL and SCHEDULEDSELL', () => {
    expect(orderSideOf('BUY')).toBe('BUY');
    expect(orderSideOf('TSUMITATE')).toBe('BUY');
    expect(orderSideOf('SELL')).toBe('SELL');
    expect(orderSideOf('SCHEDULEDSELL')).toBe('SELL');
  });
});
