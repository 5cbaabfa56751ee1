import { businessDayOnOrAfter, type ExtraHolidays } from '../calendar/business-days.ts';
import { dateInMonth, type IsoDate, type YearMonth } from '../calendar/iso-date.ts';

/**
 * A fund's 決算日 pattern as its prospectus states it: the months it settles in and the day of the month
 * (「毎月15日（休業日の場合は翌営業日）」). A day the month does not have means its last day (a fund settling
 * on the 31st settles on 30 April), as prospectuses say 「月末」.
 */
export interface SettlementSchedule {
  /** 1–12, ascending: all twelve for a monthly-distribution fund (毎月決算型), one for a yearly one. */
  readonly months: readonly number[];
  /** 1–31. */
  readonly day: number;
}

function lastDayOf({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The fund's 決算日 in a month, or undefined when it does not settle that month. */
export function settlementDateIn(
  schedule: SettlementSchedule,
  yearMonth: YearMonth,
  extraHolidays?: ExtraHolidays,
): IsoDate | undefined {
  if (!schedule.months.includes(yearMonth.month)) return undefined;
  const day = Math.min(schedule.day, lastDayOf(yearMonth));
  return businessDayOnOrAfter(dateInMonth(yearMonth, day), extraHolidays);
}

/** Whether `date` is one of the fund's 決算日. */
export function isSettlementDate(
  schedule: SettlementSchedule,
  date: IsoDate,
  extraHolidays?: ExtraHolidays,
): boolean {
  // a 決算日 moved forward by a holiday can fall into the next month: look at this month and the last
  const [year, month] = date.split('-').map(Number) as [number, number];
  const thisMonth = { year, month };
  const lastMonth = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return (
    settlementDateIn(schedule, thisMonth, extraHolidays) === date ||
    settlementDateIn(schedule, lastMonth, extraHolidays) === date
  );
}

/** Problems with a stated pattern, for the feed's report; empty when it is valid. */
export function settlementScheduleProblems(schedule: SettlementSchedule): string[] {
  const problems: string[] = [];
  if (schedule.months.length === 0) problems.push('決算月がありません');
  if (schedule.months.some((month) => !Number.isInteger(month) || month < 1 || month > 12))
    problems.push('決算月は1〜12です');
  if (new Set(schedule.months).size !== schedule.months.length) problems.push('決算月が重複しています');
  if (!Number.isInteger(schedule.day) || schedule.day < 1 || schedule.day > 31)
    problems.push('決算日は1〜31日です');
  return problems;
}
