import { describe, expect, it } from 'vitest';
import { jstInstant } from '../time/jst.ts';
import { recordDebitOutcome } from './debit-failures.ts';
import {
  paymentMethodChangeEffectiveMonth,
  scheduleChangeEffectiveMonth,
  transferDebitDate,
  transferPurchaseOrderDate,
} from './recurring-schedule.ts';

describe('account-transfer debit on the 27th, or the next business day', () => {
  it('debits on Friday 2026-02-27 itself', () => {
    expect(transferDebitDate({ year: 2026, month: 2 })).toBe('2026-02-27');
  });

  it('moves Saturday 2026-06-27 to Monday 06-29 and Sunday 2026-12-27 to Monday 12-28', () => {
    expect(transferDebitDate({ year: 2026, month: 6 })).toBe('2026-06-29');
    expect(transferDebitDate({ year: 2026, month: 12 })).toBe('2026-12-28');
  });

  it('places the purchase order business days after the debit: 06-29 + 3 = Thursday 07-02', () => {
    expect(transferPurchaseOrderDate({ year: 2026, month: 6 }, 3)).toBe('2026-07-02');
    expect(() => transferPurchaseOrderDate({ year: 2026, month: 6 }, -1)).toThrow(RangeError);
  });
});

describe('switching a plan from account transfer to card: this month only from the 10th to the 15th JST', () => {
  const switchAt = (day: number, hour: number, minute: number) =>
    paymentMethodChangeEffectiveMonth(
      jstInstant(2026, 3, day, hour, minute),
      'ACCOUNT_TRANSFER',
      'CREDIT_CARD',
    );

  it('applies next month when made on the 9th at 23:59', () => {
    expect(switchAt(9, 23, 59)).toEqual({ year: 2026, month: 4 });
  });

  it('applies this month from the 10th at 00:00 to the 15th at 23:59', () => {
    expect(switchAt(10, 0, 0)).toEqual({ year: 2026, month: 3 });
    expect(switchAt(15, 23, 59)).toEqual({ year: 2026, month: 3 });
  });

  it('applies next month from the 16th at 00:00', () => {
    expect(switchAt(16, 0, 0)).toEqual({ year: 2026, month: 4 });
  });

  it('reads the day in JST: 2026-03-09 15:00 UTC is already the 10th in Japan', () => {
    expect(
      paymentMethodChangeEffectiveMonth(new Date('2026-03-09T15:00:00Z'), 'ACCOUNT_TRANSFER', 'CREDIT_CARD'),
    ).toEqual({ year: 2026, month: 3 });
  });

  it('rolls a late-December switch over to January of the next year', () => {
    expect(
      paymentMethodChangeEffectiveMonth(jstInstant(2026, 12, 20, 12, 0), 'ACCOUNT_TRANSFER', 'CREDIT_CARD'),
    ).toEqual({ year: 2027, month: 1 });
  });

  it('applies a switch from card back to transfer next month, even inside the window', () => {
    expect(
      paymentMethodChangeEffectiveMonth(jstInstant(2026, 3, 12, 12, 0), 'CREDIT_CARD', 'ACCOUNT_TRANSFER'),
    ).toEqual({
      year: 2026,
      month: 4,
    });
  });
});

describe('schedule changes after the month’s cut-over (end of the 15th JST) apply next month', () => {
  it('applies a change on the 15th at 23:59 this month and on the 16th at 00:00 next month', () => {
    expect(scheduleChangeEffectiveMonth(jstInstant(2026, 5, 15, 23, 59))).toEqual({ year: 2026, month: 5 });
    expect(scheduleChangeEffectiveMonth(jstInstant(2026, 5, 16, 0, 0))).toEqual({ year: 2026, month: 6 });
    expect(scheduleChangeEffectiveMonth(jstInstant(2026, 12, 31, 9, 0))).toEqual({ year: 2027, month: 1 });
  });
});

describe('three failed debits in a row suspend an account-transfer plan', () => {
  it('suspends on the third failure in a row', () => {
    const first = recordDebitOutcome(0, 'FAILURE');
    const second = recordDebitOutcome(first.consecutiveFailures, 'FAILURE');
    const third = recordDebitOutcome(second.consecutiveFailures, 'FAILURE');
    expect([first, second, third]).toEqual([
      { consecutiveFailures: 1, suspend: false },
      { consecutiveFailures: 2, suspend: false },
      { consecutiveFailures: 3, suspend: true },
    ]);
  });

  it('starts counting again after a success: fail, fail, succeed, fail is one in a row', () => {
    const afterSuccess = recordDebitOutcome(2, 'SUCCESS');
    expect(afterSuccess).toEqual({ consecutiveFailures: 0, suspend: false });
    expect(recordDebitOutcome(afterSuccess.consecutiveFailures, 'FAILURE')).toEqual({
      consecutiveFailures: 1,
      suspend: false,
    });
  });

  it('refuses a broken failure count', () => {
    expect(() => recordDebitOutcome(-1, 'FAILURE')).toThrow(RangeError);
  });
});
