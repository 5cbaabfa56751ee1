import { describe, expect, it } from 'vitest';
import { extraHolidaysOf, noExtraHolidays } from '../calendar/business-days.ts';
import { isoDate, type IsoDate } from '../calendar/iso-date.ts';
import { checkNavLines, type FeedNavLine, type FundNavState } from './nav-feed-rules.ts';

const today = isoDate('2026-11-27'); // a Friday
const fund: FundNavState = {
  inceptionDate: isoDate('2016-11-01'),
  holidays: extraHolidaysOf(['2026-11-26']), // New York: Thanksgiving
  lastStoredDate: isoDate('2026-11-24'),
  stored: new Map([[isoDate('2026-11-24'), 12_000n]]),
};
const funds = new Map<string, FundNavState>([['FUND0001', fund]]);
const fundOf = (code: string) => funds.get(code);

let position = 0;
function line(date: string, nav: string, fundCode = 'FUND0001'): FeedNavLine {
  position += 1;
  return { where: `navs[${position}]`, fundCode, date: date as IsoDate, nav };
}
const problemsOf = (lines: FeedNavLine[]) =>
  checkNavLines(lines, fundOf, today).problems.map((p) => p.problem);

describe('the NAV lines of a fund feed', () => {
  it('nav-feed-takes-the-next-business-days-skipping-the-funds-own-holiday', () => {
    const verdict = checkNavLines([line('2026-11-27', '12100'), line('2026-11-25', '12050')], fundOf, today);
    expect(verdict.problems).toEqual([]);
    expect(verdict.toInsert.map((row) => [row.date, row.nav])).toEqual([
      ['2026-11-25', 12_050n],
      ['2026-11-27', 12_100n],
    ]);
  });

  it('nav-feed-reimport-of-a-stored-nav-changes-nothing', () => {
    const verdict = checkNavLines([line('2026-11-24', '12000')], fundOf, today);
    expect(verdict).toEqual({ problems: [], toInsert: [], unchanged: 1 });
  });

  it('nav-feed-refuses-the-same-date-with-another-value', () => {
    expect(problemsOf([line('2026-11-24', '12001')])).toEqual([
      'FUND0001 2026-11-24 is stored as 12000, not 12001; a stored NAV is not changed by a feed',
    ]);
    expect(problemsOf([line('2026-11-25', '1'), line('2026-11-25', '1')])).toEqual([
      'FUND0001 2026-11-25 appears twice',
    ]);
  });

  it('nav-feed-refuses-an-unknown-fund-a-zero-or-negative-nav-and-a-non-business-day', () => {
    expect(problemsOf([line('2026-11-25', '100', 'NOFUND01')])[0]).toMatch(/unknown fund NOFUND01/);
    expect(problemsOf([line('2026-11-25', '0')])[0]).toMatch(/not a positive number/);
    expect(problemsOf([line('2026-11-25', '-5')])[0]).toMatch(/not a positive number/);
    expect(problemsOf([line('2026-11-26', '100')])[0]).toMatch(/not a business day of the fund/);
    expect(problemsOf([line('2026-11-28', '100')])[0]).toMatch(/after today/);
    expect(problemsOf([line('2016-10-31', '100')])[0]).toMatch(/before the fund's 設定日/);
  });

  it('nav-feed-refuses-a-gap-and-inserts-nothing-then', () => {
    // one good line beside a refused one: nothing of the feed is inserted
    const verdict = checkNavLines([line('2026-11-25', '12050'), line('2026-11-30', '1')], fundOf, today);
    expect(verdict.problems).toHaveLength(1);
    expect(verdict.toInsert).toEqual([]);
    const gap = checkNavLines([line('2026-11-27', '12100')], fundOf, today);
    expect(gap.problems.map((p) => p.problem)).toEqual([
      'FUND0001 2026-11-27: the NAV of 2026-11-25 is missing before it (a gap)',
    ]);
    expect(gap.toInsert).toEqual([]);
  });

  it('nav-feed-of-a-fund-without-navs-starts-on-its-first-date-then-allows-no-gap', () => {
    const newFund: FundNavState = {
      inceptionDate: isoDate('2016-11-01'),
      holidays: noExtraHolidays,
      lastStoredDate: null,
      stored: new Map(),
    };
    const lines = [line('2026-11-24', '10000', 'NEWFUND1'), line('2026-11-25', '10010', 'NEWFUND1')];
    expect(checkNavLines(lines, () => newFund, today).toInsert).toHaveLength(2);
    const gap = checkNavLines([...lines, line('2026-11-27', '1', 'NEWFUND1')], () => newFund, today);
    expect(gap.problems.map((p) => p.problem)).toEqual([
      'NEWFUND1 2026-11-27: the NAV of 2026-11-26 is missing before it (a gap)',
    ]);
  });
});
