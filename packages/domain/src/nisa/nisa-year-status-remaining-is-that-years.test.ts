// Issue 13, point 5: the per-year NISA view showed, for 2026, the lifetime rooms of 2027 (nisaRoom, the
// room of a new purchase, is the smallest over the later years with holds). A year's statement shows its
// own: the limits less that year's lifetime use.
import { describe, expect, it } from 'vitest';
import type { Yen } from '../money/money.ts';
import { usageWith } from './nisa-test-fixtures.ts';
import { nisaLifetimeRemaining, nisaLifetimeUse, nisaRoom, recordNisaSale } from './nisa-usage.ts';

describe('a year statement shows that year’s lifetime remaining, not a later year’s', () => {
  // 2026: growth 2,000,000 and つみたて 1,000,000 settled; a late-December growth order of 1,500,000
  // settles in January 2027, so its hold sits in 2027
  const usage = usageWith([
    [2026, 'growth', 2_000_000],
    [2026, 'tsumitate', 1_000_000],
    [2027, 'growth', 1_500_000],
  ]);

  it('2026: 18,000,000 − 3,000,000 = 15,000,000 left, growth 12,000,000 − 2,000,000 = 10,000,000', () => {
    expect(nisaLifetimeUse(usage, 2026)).toEqual({ total: 3_000_000n, growth: 2_000_000n });
    expect(nisaLifetimeRemaining(usage, 2026)).toEqual({ total: 15_000_000n, growth: 10_000_000n });
    // what 2026's view used to show: 2027's, 18,000,000 − 4,500,000 and 12,000,000 − 3,500,000
    expect(nisaRoom(usage, 2026)).toMatchObject({ lifetime: 13_500_000n, growthLifetime: 8_500_000n });
  });

  it('2027: 18,000,000 − 4,500,000 = 13,500,000 left, growth 12,000,000 − 3,500,000 = 8,500,000', () => {
    expect(nisaLifetimeRemaining(usage, 2027)).toEqual({ total: 13_500_000n, growth: 8_500_000n });
  });

  it('a 2026 sale frees its 簿価 only in 2027: 2026 unchanged, 2027 gets 600,000 back', () => {
    const sold = recordNisaSale(usage, { year: 2026, bucket: 'growth', bookValue: 600_000n as Yen });
    expect(nisaLifetimeRemaining(sold, 2026)).toEqual({ total: 15_000_000n, growth: 10_000_000n });
    // 18,000,000 − (4,500,000 − 600,000) = 14,100,000; 12,000,000 − (3,500,000 − 600,000) = 9,100,000
    expect(nisaLifetimeRemaining(sold, 2027)).toEqual({ total: 14_100_000n, growth: 9_100_000n });
  });
});
