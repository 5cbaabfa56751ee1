import { describe, expect, it } from 'vitest';
import { dateTicks, indexAt, niceScale, tableRowIndexes } from './chart-scale';

describe('chart scale', () => {
  it('puts round yen ticks around the values, in 万円 where the steps are whole 万', () => {
    const { domain, ticks } = niceScale([1_000_000, 1_234_567]);
    // a span of 234,567 in about four parts: steps of 100,000
    expect(domain).toEqual({ min: 1_000_000, max: 1_300_000 });
    expect(ticks.map((tick) => tick.label)).toEqual(['100万円', '110万円', '120万円', '130万円']);
  });

  it('labels small steps in yen with separators (a NAV around 10,000円)', () => {
    const { ticks } = niceScale([9_876, 10_123]);
    expect(ticks.map((tick) => tick.label)).toEqual([
      '9,800円',
      '9,900円',
      '10,000円',
      '10,100円',
      '10,200円',
    ]);
  });

  it('gives a flat series a band to sit in', () => {
    const { domain } = niceScale([50_000]);
    expect(domain.min).toBeLessThan(50_000);
    expect(domain.max).toBeGreaterThan(50_000);
  });

  it('finds the nearest point for a tap and clamps outside the plot', () => {
    expect(indexAt(0.37, 4)).toBe(1);
    expect(indexAt(-1, 4)).toBe(0);
    expect(indexAt(2, 4)).toBe(3);
    expect(indexAt(0.5, 1)).toBe(0);
  });

  it('labels the axis with months over a long period and days over a short one', () => {
    expect(dateTicks(['2025-01-06', '2025-07-01', '2026-03-05']).map((tick) => tick.label)).toEqual([
      '2025年1月',
      '2025年7月',
      '2026年3月',
    ]);
    expect(dateTicks(['2026-03-02', '2026-03-03', '2026-03-04']).map((tick) => tick.label)).toEqual([
      '3月2日',
      '3月3日',
      '3月4日',
    ]);
  });

  it('keeps every row of a short series', () => {
    expect(tableRowIndexes(['2026-03-02', '2026-03-03'])).toEqual({ indexes: [0, 1], thinned: false });
  });
});
