import { describe, expect, it } from 'vitest';
import { noExtraHolidays } from '../calendar/business-days.ts';
import { yearOf } from '../calendar/iso-date.ts';
import { yen } from '../money/money.ts';
import { defaultOrderCutOff, orderDatesFor } from '../orders/order-dates.ts';
import { jstInstant } from '../time/jst.ts';
import { decideNisaPurchase } from './nisa-purchase-decision.ts';
import { adultInvestor, usageWith } from './nisa-test-fixtures.ts';
import { nisaAnnualUse, recordNisaPurchase, releaseNisaPurchase } from './nisa-usage.ts';

describe('a つみたて purchase ordered in late December 2026 that settles in January 2027', () => {
  // 1,200,000 つみたて already used in 2026: 12 × 100,000
  const usage = usageWith([[2026, 'tsumitate', 1_200_000]]);
  const fund = {
    cutOff: defaultOrderCutOff,
    priceLagBusinessDays: 0,
    buySettlementLagBusinessDays: 3,
    sellSettlementLagBusinessDays: 4,
    holidays: noExtraHolidays,
  };
  // Monday 2026-12-28 16:00 → 申込日 Tue 12-29 = 約定日; 受渡日 = 約定日 + 3 business days over 12/31–1/3: 12-30, 2027-01-04, 01-05
  const dates = orderDatesFor(jstInstant(2026, 12, 28, 16, 0), 'BUY', fund);
  const request = {
    bucket: 'tsumitate',
    kind: 'RECURRING',
    fundTsumitateEligible: true,
    amount: yen(50_000),
    settlementDate: dates.settlementDate,
  } as const;

  it('settles on 2027-01-05', () => {
    expect(dates.applicationDate).toBe('2026-12-29');
    expect(dates.settlementDate).toBe('2027-01-05');
  });

  it('uses the 2027 limit (受渡日 year), so the full 2026 limit does not stop it', () => {
    expect(decideNisaPurchase(adultInvestor, request, usage)).toEqual({
      allowed: true,
      bucket: 'tsumitate',
      year: 2027,
    });
  });

  it('would be refused if it settled on 2026-12-30: 1,200,000 − 1,200,000 = 0 yen of room', () => {
    const settlingThisYear = { ...request, settlementDate: dates.applicationDate };
    expect(decideNisaPurchase(adultInvestor, settlingThisYear, usage)).toEqual({
      allowed: false,
      reason: 'annual-limit',
      room: 0n,
    });
  });

  it('holds 50,000 of the 2027 limit while pending, and gives it back if cancelled', () => {
    const movement = {
      bucket: 'tsumitate',
      bookValue: yen(50_000),
      year: yearOf(dates.settlementDate),
    } as const;
    const pending = recordNisaPurchase(usage, movement);
    expect(nisaAnnualUse(pending, 2027)).toEqual({ tsumitate: 50_000n, growth: 0n });
    expect(nisaAnnualUse(pending, 2026)).toEqual({ tsumitate: 1_200_000n, growth: 0n });
    // 1,200,000 − 50,000 = 1,150,000 left for 2027: a 1,160,000 purchase no longer fits
    expect(decideNisaPurchase(adultInvestor, { ...request, amount: yen(1_160_000) }, pending)).toEqual({
      allowed: false,
      reason: 'annual-limit',
      room: 1_150_000n,
    });
    expect(nisaAnnualUse(releaseNisaPurchase(pending, movement), 2027)).toEqual({
      tsumitate: 0n,
      growth: 0n,
    });
  });
});
