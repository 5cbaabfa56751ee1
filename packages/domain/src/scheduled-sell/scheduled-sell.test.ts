import { describe, expect, it } from 'vitest';
import { extraHolidaysOf } from '../calendar/business-days.ts';
import { isoDate } from '../calendar/iso-date.ts';
import { units } from '../money/money.ts';
import {
  checkScheduledSellSetup,
  isScheduledSellMonth,
  scheduledSellOrderDate,
  scheduledSellOrderFor,
  scheduledSellPayoutDate,
} from './scheduled-sell.ts';

describe('scheduled sell dates: ordered on the 16th or the next business day, paid 6 business days later', () => {
  it('orders on Wednesday 2026-09-16 and pays on 09-29 (17, 18, then 21–23 holidays, 24, 25, 28, 29)', () => {
    const orderDate = scheduledSellOrderDate({ year: 2026, month: 9 });
    expect(orderDate).toBe('2026-09-16');
    expect(scheduledSellPayoutDate(orderDate)).toBe('2026-09-29');
  });

  it('moves Saturday 2026-05-16 to Monday 05-18 and pays Tuesday 05-26 (19, 20, 21, 22, 25, 26)', () => {
    const orderDate = scheduledSellOrderDate({ year: 2026, month: 5 });
    expect(orderDate).toBe('2026-05-18');
    expect(scheduledSellPayoutDate(orderDate)).toBe('2026-05-26');
  });

  it('pays over the year end: 2026-12-28 + 6 = 12-29, 12-30, 2027-01-04, 01-05, 01-06, 01-07', () => {
    expect(scheduledSellPayoutDate(isoDate('2026-12-28'))).toBe('2027-01-07');
  });

  it('skips the fund’s own holiday: 2026-03-16 closed abroad → 03-17', () => {
    expect(scheduledSellOrderDate({ year: 2026, month: 3 }, extraHolidaysOf(['2026-03-16']))).toBe(
      '2026-03-17',
    );
  });

  it('sells every month when MONTHLY and in odd months only when ODD_MONTHLY', () => {
    const months = Array.from({ length: 12 }, (_, index) => index + 1);
    expect(months.filter((month) => isScheduledSellMonth('MONTHLY', month))).toEqual(months);
    expect(months.filter((month) => isScheduledSellMonth('ODD_MONTHLY', month))).toEqual([1, 3, 5, 7, 9, 11]);
  });
});

describe('who may set up a scheduled sell', () => {
  it('allows an adult’s specific account', () => {
    expect(checkScheduledSellSetup('specific', 'ADULT', { type: 'AMOUNT', value: 30_000n })).toEqual({
      ok: true,
    });
  });

  it('refuses general and NISA accounts, corporations, and a setting of zero', () => {
    expect(checkScheduledSellSetup('nisa2_growth', 'ADULT', { type: 'AMOUNT', value: 30_000n })).toEqual({
      ok: false,
      reasons: ['specific-account-only'],
    });
    expect(checkScheduledSellSetup('general', 'CORPORATION', { type: 'QUANTITY', value: 0n })).toEqual({
      ok: false,
      reasons: ['specific-account-only', 'corporation', 'value-not-positive'],
    });
  });

  it('refuses a rate above 100 %', () => {
    expect(checkScheduledSellSetup('specific', 'ADULT', { type: 'RATE', value: 101n })).toEqual({
      ok: false,
      reasons: ['rate-above-100'],
    });
  });
});

describe('the order a scheduled sell places from the units held', () => {
  const held = units(123_457);

  it('AMOUNT 30,000 yen places an amount sell (units fixed at the 約定日 price)', () => {
    expect(scheduledSellOrderFor({ type: 'AMOUNT', value: 30_000n }, held)).toEqual({
      place: true,
      order: { type: 'AMOUNT', amount: 30_000n },
    });
  });

  it('QUANTITY 10,000 units sells 10,000; QUANTITY 200,000 sells all 123,457 left', () => {
    expect(scheduledSellOrderFor({ type: 'QUANTITY', value: 10_000n }, held)).toEqual({
      place: true,
      order: { type: 'QUANTITY', units: 10_000n },
    });
    expect(scheduledSellOrderFor({ type: 'QUANTITY', value: 200_000n }, held)).toEqual({
      place: true,
      order: { type: 'ALL' },
    });
  });

  it('RATE 3 % of 123,457 units sells ⌊3,703.71⌋ = 3,703 units; 100 % sells all', () => {
    expect(scheduledSellOrderFor({ type: 'RATE', value: 3n }, held)).toEqual({
      place: true,
      order: { type: 'QUANTITY', units: 3_703n },
    });
    expect(scheduledSellOrderFor({ type: 'RATE', value: 100n }, held)).toEqual({
      place: true,
      order: { type: 'ALL' },
    });
  });

  it('skips the month when nothing is held or the rate rounds to no unit (1 % of 99 units = ⌊0.99⌋ = 0)', () => {
    expect(scheduledSellOrderFor({ type: 'AMOUNT', value: 30_000n }, units(0))).toEqual({
      place: false,
      skip: 'nothing-held',
    });
    expect(scheduledSellOrderFor({ type: 'RATE', value: 1n }, units(99))).toEqual({
      place: false,
      skip: 'rate-rounds-to-zero',
    });
  });

  it('refuses an invalid setting', () => {
    expect(() => scheduledSellOrderFor({ type: 'RATE', value: 101n }, held)).toThrow(RangeError);
    expect(() => scheduledSellOrderFor({ type: 'AMOUNT', value: 0n }, held)).toThrow(RangeError);
  });
});
