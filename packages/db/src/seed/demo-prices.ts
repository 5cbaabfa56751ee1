import {
  addCalendarDays,
  dateInMonth,
  isBusinessDay,
  isoDate,
  isSettlementDate,
  weekdayOf,
  type ExtraHolidays,
  type IsoDate,
  type SettlementSchedule,
} from '@fund/domain';

/**
 * Synthetic, deterministic prices and foreign-market holidays for the demo funds (domain.md §8).
 * Everything here is integer arithmetic on a seeded PRNG, so the same fund gives the same NAVs on every
 * machine and every run, and a later run only appends days.
 */

/** mulberry32: a small, fast 32-bit PRNG; the same seed gives the same sequence everywhere. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

export interface RandomWalkParameters {
  /** PRNG seed of the fund. */
  readonly seed: number;
  /** Expected change per business day, in parts per million (e.g. 200 ≈ +5% a year). */
  readonly driftPpm: number;
  /** Standard deviation of the daily change, in parts per million (e.g. 10,000 = 1% a day). */
  readonly volatilityPpm: number;
  /** NAV on the first day, per 10,000 units; 10,000 yen by default (設定時の基準価額). */
  readonly startNav?: bigint;
}

export interface DemoNav {
  readonly navDate: IsoDate;
  /** Whole yen per 10,000 units, always ≥ 1. */
  readonly nav: bigint;
}

const ppm = 1_000_000n;
const two31 = 2 ** 31;
/** A day never loses more than half its value, so the walk stays positive whatever the PRNG says. */
const worstDayPpm = -500_000;

/**
 * What a distributing fund pays out of its walk (domain.md §9): on each 決算日 the declared amount leaves
 * the fund, so the NAV published that day is already ex-distribution (分配落ち後) and every later day moves
 * from the lower level. NAVs and distributions are consistent by construction.
 */
export interface DistributionPolicy {
  readonly schedule: SettlementSchedule;
  /** 分配金 per 10,000 units declared on a 決算日, from that day's NAV before it (0: none this time). */
  readonly per10k: (navBefore: bigint) => bigint;
}

export interface DemoDistribution {
  /** 決算日 */
  readonly settlementDate: IsoDate;
  /** Whole yen per 10,000 units, > 0. */
  readonly per10k: bigint;
}

export interface DemoWalk {
  readonly navs: DemoNav[];
  readonly distributions: DemoDistribution[];
}

function roundedNav(level: bigint): bigint {
  const nav = (level + ppm / 2n) / ppm;
  return nav > 0n ? nav : 1n;
}

/**
 * NAVs on each business day of the fund (Japanese calendar plus `holidays`) from `firstDate` to `lastDate`
 * inclusive, and the distributions of its 決算日 when it has a policy. The walk is multiplicative:
 * level × (1 + drift + shock), the shock a sum of three uniform draws (bell-shaped, standard deviation
 * `volatilityPpm`). The level is kept in millionths of a yen and the NAV is it rounded to whole yen, never
 * below 1; a distribution never takes the NAV below 1 yen.
 */
export function demoWalk(
  parameters: RandomWalkParameters,
  firstDate: IsoDate,
  lastDate: IsoDate,
  holidays: ExtraHolidays,
  policy?: DistributionPolicy,
): DemoWalk {
  const next = mulberry32(parameters.seed);
  let level = (parameters.startNav ?? 10_000n) * ppm;
  const navs: DemoNav[] = [];
  const distributions: DemoDistribution[] = [];
  let first = true;
  for (let date = firstDate; date <= lastDate; date = addCalendarDays(date, 1)) {
    if (!isBusinessDay(date, holidays)) continue;
    if (!first) {
      // three uniform draws in [0, 2^32) summed and centred: standard deviation 2^31, exactly as integers
      const centred = next() + next() + next() - 3 * two31;
      const shock = Math.trunc((centred * parameters.volatilityPpm) / two31);
      const change = Math.max(parameters.driftPpm + shock, worstDayPpm);
      level = (level * (ppm + BigInt(change))) / ppm;
      if (policy !== undefined && isSettlementDate(policy.schedule, date, holidays)) {
        const before = roundedNav(level);
        const declared = policy.per10k(before);
        const per10k = declared < before ? declared : before - 1n;
        if (per10k > 0n) {
          level -= per10k * ppm;
          distributions.push({ settlementDate: date, per10k });
        }
      }
    }
    first = false;
    navs.push({ navDate: date, nav: roundedNav(level) });
  }
  return { navs, distributions };
}

/** The NAVs of `demoWalk` for a fund that distributes nothing. */
export function demoNavs(
  parameters: RandomWalkParameters,
  firstDate: IsoDate,
  lastDate: IsoDate,
  holidays: ExtraHolidays,
): DemoNav[] {
  return demoWalk(parameters, firstDate, lastDate, holidays).navs;
}

export interface MarketHoliday {
  readonly date: IsoDate;
  readonly reason: string;
}

export type Market = 'NEW_YORK' | 'LONDON';

/** Easter Sunday (Gregorian, the anonymous "Meeus/Jones/Butcher" algorithm). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dateInMonth({ year, month }, day);
}

/** The `nth` (1-based) given weekday (0 = Sunday) of a month; nth = -1 for the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): IsoDate {
  if (nth > 0) {
    const first = dateInMonth({ year, month }, 1);
    const offset = (weekday - weekdayOf(first) + 7) % 7;
    return addCalendarDays(first, offset + (nth - 1) * 7);
  }
  const firstOfNext =
    month === 12 ? dateInMonth({ year: year + 1, month: 1 }, 1) : dateInMonth({ year, month: month + 1 }, 1);
  const last = addCalendarDays(firstOfNext, -1);
  return addCalendarDays(last, -((weekdayOf(last) - weekday + 7) % 7));
}

/** US rule: Saturday → the Friday before, Sunday → the Monday after. */
function usObserved(date: IsoDate): IsoDate {
  const weekday = weekdayOf(date);
  if (weekday === 6) return addCalendarDays(date, -1);
  if (weekday === 0) return addCalendarDays(date, 1);
  return date;
}

/** UK rule: a weekend holiday moves to the next weekday not already a holiday. */
function ukObserved(date: IsoDate, taken: ReadonlySet<string>): IsoDate {
  let result = date;
  while (weekdayOf(result) === 0 || weekdayOf(result) === 6 || taken.has(result)) {
    result = addCalendarDays(result, 1);
  }
  return result;
}

/**
 * Regular full-day closures of the New York Stock Exchange in `year`, from its published rules (observed
 * dates; a New Year's Day on a Saturday is not moved into December, as NYSE does). One-off closures (e.g.
 * national days of mourning) are not included.
 */
export function newYorkHolidays(year: number): MarketHoliday[] {
  const on = (month: number, day: number) => dateInMonth({ year, month }, day);
  const easter = easterSunday(year);
  const holidays: MarketHoliday[] = [];
  const newYear = on(1, 1);
  if (weekdayOf(newYear) !== 6)
    holidays.push({ date: usObserved(newYear), reason: "New York: New Year's Day" });
  holidays.push(
    { date: nthWeekday(year, 1, 1, 3), reason: 'New York: Martin Luther King Jr. Day' },
    { date: nthWeekday(year, 2, 1, 3), reason: "New York: Washington's Birthday" },
    { date: addCalendarDays(easter, -2), reason: 'New York: Good Friday' },
    { date: nthWeekday(year, 5, 1, -1), reason: 'New York: Memorial Day' },
  );
  if (year >= 2022) holidays.push({ date: usObserved(on(6, 19)), reason: 'New York: Juneteenth' });
  holidays.push(
    { date: usObserved(on(7, 4)), reason: 'New York: Independence Day' },
    { date: nthWeekday(year, 9, 1, 1), reason: 'New York: Labor Day' },
    { date: nthWeekday(year, 11, 4, 4), reason: 'New York: Thanksgiving Day' },
    { date: usObserved(on(12, 25)), reason: 'New York: Christmas Day' },
  );
  return holidays;
}

/**
 * Regular closures of the London Stock Exchange (England and Wales bank holidays) in `year`, by rule. The
 * one-off changes (2020 VE Day move, 2022 jubilee and state funeral, 2023 coronation) are not included.
 */
export function londonHolidays(year: number): MarketHoliday[] {
  const on = (month: number, day: number) => dateInMonth({ year, month }, day);
  const easter = easterSunday(year);
  const taken = new Set<string>();
  const add = (date: IsoDate, reason: string): MarketHoliday => {
    taken.add(date);
    return { date, reason };
  };
  const holidays = [
    add(ukObserved(on(1, 1), taken), "London: New Year's Day"),
    add(addCalendarDays(easter, -2), 'London: Good Friday'),
    add(addCalendarDays(easter, 1), 'London: Easter Monday'),
    add(nthWeekday(year, 5, 1, 1), 'London: Early May bank holiday'),
    add(nthWeekday(year, 5, 1, -1), 'London: Spring bank holiday'),
    add(nthWeekday(year, 8, 1, -1), 'London: Summer bank holiday'),
  ];
  holidays.push(add(ukObserved(on(12, 25), taken), 'London: Christmas Day'));
  holidays.push(add(ukObserved(on(12, 26), taken), 'London: Boxing Day'));
  return holidays;
}

/**
 * The fund's extra non-business days for the years `fromYear`..`toYear`: the weekday closures of its
 * markets that are not already Japanese non-business days (those need no row), one row per date with the
 * reasons joined.
 */
export function marketHolidays(
  markets: readonly Market[],
  fromYear: number,
  toYear: number,
): MarketHoliday[] {
  const byDate = new Map<IsoDate, string[]>();
  for (let year = fromYear; year <= toYear; year += 1) {
    for (const market of markets) {
      for (const holiday of market === 'NEW_YORK' ? newYorkHolidays(year) : londonHolidays(year)) {
        if (!isBusinessDay(holiday.date)) continue;
        byDate.set(holiday.date, [...(byDate.get(holiday.date) ?? []), holiday.reason]);
      }
    }
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, reasons]) => ({ date: isoDate(date), reason: reasons.join(' / ') }));
}
