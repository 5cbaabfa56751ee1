import { describe, expect, it } from 'vitest';
import { isoDate } from '../calendar/iso-date.ts';
import { isFirstBusinessDayOfMonth, periodicReportsDue } from './periodic-reports-due.ts';

const d = isoDate;

describe('periodic reports due on a business date (decision 017, issued by the batch)', () => {
  it('first business day of April 2027 (Thursday 04-01) → the 取引残高報告書 of January–March, as of 2027-03-31', () => {
    expect(periodicReportsDue(d('2027-04-01'))).toEqual([
      { kind: 'BALANCE_REPORT', periodStart: '2027-01-01', asOf: '2027-03-31', yearly: false },
    ]);
  });

  it('first business day of July 2028 is Monday 07-03 (1st and 2nd a weekend) → as of 2028-06-30; not on the Saturday', () => {
    expect(periodicReportsDue(d('2028-07-01'))).toEqual([]);
    expect(periodicReportsDue(d('2028-07-03'))).toEqual([
      { kind: 'BALANCE_REPORT', periodStart: '2028-04-01', asOf: '2028-06-30', yearly: false },
    ]);
  });

  it('first business day of October 2026 (Thursday 10-01) → as of 2026-09-30', () => {
    expect(periodicReportsDue(d('2026-10-01'))).toEqual([
      { kind: 'BALANCE_REPORT', periodStart: '2026-07-01', asOf: '2026-09-30', yearly: false },
    ]);
  });

  it('first business day of January 2027 (Monday 01-04, after the 12/31–1/3 closure) → both: the yearly balance report as of 2026-12-31 and the 2026 annual report', () => {
    expect(periodicReportsDue(d('2027-01-04'))).toEqual([
      { kind: 'BALANCE_REPORT', periodStart: '2026-10-01', asOf: '2026-12-31', yearly: true },
      { kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT', year: 2026 },
    ]);
  });

  it('an ordinary day, the second business day of a quarter and the first of a month not starting a quarter → nothing', () => {
    expect(periodicReportsDue(d('2027-03-15'))).toEqual([]);
    expect(periodicReportsDue(d('2027-04-02'))).toEqual([]);
    expect(periodicReportsDue(d('2027-01-05'))).toEqual([]);
    expect(periodicReportsDue(d('2027-05-06'))).toEqual([]); // first business day of May
    expect(isFirstBusinessDayOfMonth(d('2027-05-06'))).toBe(true);
  });

  it('a closed day is never the first business day: 2027-01-01 to 01-03', () => {
    for (const date of ['2027-01-01', '2027-01-02', '2027-01-03']) {
      expect(isFirstBusinessDayOfMonth(d(date))).toBe(false);
      expect(periodicReportsDue(d(date))).toEqual([]);
    }
  });
});
