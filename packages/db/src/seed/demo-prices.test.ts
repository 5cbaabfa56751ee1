import { isoDate, noExtraHolidays } from '@fund/domain';
import { describe, expect, it } from 'vitest';
import {
  demoNavs,
  easterSunday,
  londonHolidays,
  marketHolidays,
  mulberry32,
  newYorkHolidays,
} from './demo-prices.ts';

const dates = (holidays: readonly { date: string }[]) => holidays.map((holiday) => holiday.date);

describe('demo prices', () => {
  it('draws the published mulberry32 sequence', () => {
    const next = mulberry32(42);
    // 0.6011037519201636 × 2^32 is the reference implementation's first value for seed 42
    expect([next(), next(), next()]).toEqual([2_581_720_956, 1_925_393_290, 3_661_312_704]);
  });

  it('walks deterministically from 10,000 yen on business days only (成人の日 2026-01-12 skipped)', () => {
    const walk = { seed: 1, driftPpm: 200, volatilityPpm: 10_000 };
    const navs = demoNavs(walk, isoDate('2026-01-01'), isoDate('2026-01-14'), noExtraHolidays);
    expect(navs).toEqual([
      { navDate: '2026-01-05', nav: 10_000n },
      { navDate: '2026-01-06', nav: 9_933n },
      { navDate: '2026-01-07', nav: 10_081n },
      { navDate: '2026-01-08', nav: 10_135n },
      { navDate: '2026-01-09', nav: 10_226n },
      { navDate: '2026-01-13', nav: 10_083n },
      { navDate: '2026-01-14', nav: 9_926n },
    ]);
    // a longer run starts with the same days: later seeds only append
    const longer = demoNavs(walk, isoDate('2026-01-01'), isoDate('2026-02-27'), noExtraHolidays);
    expect(longer.slice(0, navs.length)).toEqual(navs);
  });

  it('never reaches zero, even with an absurd volatility', () => {
    const navs = demoNavs(
      { seed: 7, driftPpm: -2_000, volatilityPpm: 300_000 },
      isoDate('2016-01-01'),
      isoDate('2026-01-01'),
      noExtraHolidays,
    );
    expect(navs.every((row) => row.nav >= 1n)).toBe(true);
  });

  it('computes Easter', () => {
    expect([easterSunday(2024), easterSunday(2025), easterSunday(2026)]).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
    ]);
  });

  it('gives the NYSE closures of 2022 (New Year on a Saturday not moved; Juneteenth and Christmas observed)', () => {
    expect(dates(newYorkHolidays(2022))).toEqual([
      '2022-01-17',
      '2022-02-21',
      '2022-04-15',
      '2022-05-30',
      '2022-06-20',
      '2022-07-04',
      '2022-09-05',
      '2022-11-24',
      '2022-12-26',
    ]);
  });

  it('gives the regular London closures of 2022 (Christmas and Boxing Day moved to 26 and 27)', () => {
    expect(dates(londonHolidays(2022))).toEqual([
      '2022-01-03',
      '2022-04-15',
      '2022-04-18',
      '2022-05-02',
      '2022-05-30',
      '2022-08-29',
      '2022-12-26',
      '2022-12-27',
    ]);
  });

  it('keeps only the closures that fall on Japanese business days, one row per date', () => {
    const holidays = marketHolidays(['NEW_YORK', 'LONDON'], 2025, 2025);
    // 2025-05-05 (London Early May) is こどもの日 in Japan: no row needed
    expect(dates(holidays)).not.toContain('2025-05-05');
    expect(holidays.find((holiday) => holiday.date === '2025-12-25')?.reason).toBe(
      'New York: Christmas Day / London: Christmas Day',
    );
    expect(new Set(dates(holidays)).size).toBe(holidays.length);
  });
});
