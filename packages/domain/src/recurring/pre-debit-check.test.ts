import { describe, expect, it } from 'vitest';
import { dateInMonth, type IsoDate, type YearMonth } from '../calendar/iso-date.ts';
import { businessDayOnOrAfter } from '../calendar/business-days.ts';
import {
  debitsCheckedOn,
  preDebitActionDeadline,
  preDebitCheckDate,
  preDebitProblems,
  type PreDebitSituation,
} from './pre-debit-check.ts';
import { transferDebitDate } from './recurring-schedule.ts';

const date = (value: string) => value as IsoDate;

describe('the pre-debit check runs three business days before the debit', () => {
  it('checks Friday 2026-11-27 on Tuesday 11-24', () => {
    expect(preDebitCheckDate(date('2026-11-27'))).toBe('2026-11-24');
  });

  it('checks a debit moved by the weekend from its moved date: Sunday 12-27 → Monday 12-28, checked Wednesday 12-23', () => {
    expect(transferDebitDate({ year: 2026, month: 12 })).toBe('2026-12-28');
    expect(preDebitCheckDate(date('2026-12-28'))).toBe('2026-12-23');
  });

  it('skips the September holidays: the debit of Monday 2026-09-28 (27th a Sunday) is checked Friday 09-18', () => {
    expect(transferDebitDate({ year: 2026, month: 9 })).toBe('2026-09-28');
    expect(preDebitCheckDate(date('2026-09-28'))).toBe('2026-09-18');
  });

  it('gives the customer until the business day before the debit', () => {
    expect(preDebitActionDeadline(date('2026-12-28'))).toBe('2026-12-25');
    expect(preDebitActionDeadline(date('2026-09-28'))).toBe('2026-09-25');
  });
});

describe('which debits a business date checks', () => {
  const monthly = (month: YearMonth) => transferDebitDate(month);

  it('checks the month’s 積立 debit on its check date and on no other day', () => {
    expect(debitsCheckedOn(date('2026-09-18'), monthly)).toEqual([
      { month: { year: 2026, month: 9 }, debitDate: '2026-09-28' },
    ]);
    for (const other of ['2026-09-17', '2026-09-24', '2026-09-25', '2026-09-28']) {
      expect(debitsCheckedOn(date(other), monthly)).toEqual([]);
    }
  });

  it('checks a debit that rolled into the next month in the month before: 2027-02-27 (Saturday) → 03-01, checked 02-24', () => {
    expect(debitsCheckedOn(date('2027-02-24'), monthly)).toEqual([
      { month: { year: 2027, month: 2 }, debitDate: '2027-03-01' },
    ]);
  });

  it('checks a 毎月の入金 on the 1st at the end of the previous month (2026-12-01 checked 11-26)', () => {
    const onThe1st = (month: YearMonth) => businessDayOnOrAfter(dateInMonth(month, 1));
    expect(debitsCheckedOn(date('2026-11-26'), onThe1st)).toEqual([
      { month: { year: 2026, month: 12 }, debitDate: '2026-12-01' },
    ]);
  });

  it('has exactly one check date for each debit of two years', () => {
    for (let year = 2026; year <= 2027; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        const debitDate = transferDebitDate({ year, month });
        const checks = debitsCheckedOn(preDebitCheckDate(debitDate), monthly);
        expect(checks.filter((check) => check.debitDate === debitDate)).toHaveLength(1);
      }
    }
  });
});

describe('what the customer is told before a debit', () => {
  const fine: PreDebitSituation = {
    debitDate: date('2026-11-27'),
    cardPlans: true,
    transferPlans: true,
    deposits: true,
    transferFailuresInARow: 0,
    card: { state: 'ACTIVE', expiry: '2029-08' },
    bankAccountRegistered: true,
  };

  it('tells nothing when the card and the bank account are in order', () => {
    expect(preDebitProblems(fine)).toEqual([]);
  });

  it('tells a customer with card 積立 and no linked card to link one', () => {
    expect(preDebitProblems({ ...fine, card: undefined })).toEqual(['card-unlinked']);
  });

  it('tells about a card whose 有効期限 month is over by the debit date, and one the issuer reports expired', () => {
    expect(preDebitProblems({ ...fine, card: { state: 'ACTIVE', expiry: '2026-10' } })).toEqual([
      'card-expired',
    ]);
    expect(preDebitProblems({ ...fine, card: { state: 'EXPIRED', expiry: '2030-01' } })).toEqual([
      'card-expired',
    ]);
  });

  it('does not tell about a card expiring in the debit month itself: it is valid to its end', () => {
    expect(preDebitProblems({ ...fine, card: { state: 'ACTIVE', expiry: '2026-11' } })).toEqual([]);
  });

  it('does not tell about a card the issuer asks to register again, or one without points: both are charged', () => {
    expect(
      preDebitProblems({ ...fine, card: { state: 'RE_REGISTRATION_REQUIRED', expiry: '2029-08' } }),
    ).toEqual([]);
    expect(preDebitProblems({ ...fine, card: { state: 'NOT_POINTS_CARD', expiry: '2029-08' } })).toEqual([]);
  });

  it('ignores the card of a customer who pays by 口座振替 only', () => {
    expect(preDebitProblems({ ...fine, cardPlans: false, card: undefined })).toEqual([]);
  });

  it('tells a 口座振替 customer without a bank account, for 積立 and for 毎月の入金 alone', () => {
    expect(preDebitProblems({ ...fine, bankAccountRegistered: false })).toEqual(['bank-account-missing']);
    expect(
      preDebitProblems({ ...fine, cardPlans: false, transferPlans: false, bankAccountRegistered: false }),
    ).toEqual(['bank-account-missing']);
  });

  it('ignores a missing bank account when only the card is charged', () => {
    expect(
      preDebitProblems({ ...fine, transferPlans: false, deposits: false, bankAccountRegistered: false }),
    ).toEqual([]);
  });

  it('reminds to check the balance when the last 口座振替 of a 積立 failed', () => {
    expect(preDebitProblems({ ...fine, transferFailuresInARow: 1 })).toEqual(['bank-debit-failed']);
    expect(
      preDebitProblems({ ...fine, transferPlans: false, deposits: false, transferFailuresInARow: 2 }),
    ).toEqual([]);
  });

  it('reminds to check the balance before a 毎月の入金 due alone when the last 口座振替 of a 積立 failed', () => {
    expect(
      preDebitProblems({ ...fine, cardPlans: false, transferPlans: false, transferFailuresInARow: 1 }),
    ).toEqual(['bank-debit-failed']);
  });

  it('tells both the card and the bank account problems when both apply', () => {
    expect(preDebitProblems({ ...fine, card: undefined, bankAccountRegistered: false })).toEqual([
      'card-unlinked',
      'bank-account-missing',
    ]);
  });
});
