import { describe, expect, it } from 'vitest';
import { pointsEarnedOnCardCharge } from './points.ts';

describe('points earned on a card 積立 charge (0.5 %, rounded down)', () => {
  it.each([
    [20_000n, 100n],
    [100_000n, 500n],
    [5_000n, 25n],
    [12_345n, 61n],
    [199n, 0n],
    [200n, 1n],
    [0n, 0n],
  ])('a charge of %s yen earns %s points', (charged, earned) => {
    expect(pointsEarnedOnCardCharge(charged)).toBe(earned);
  });

  it('earns nothing for a negative amount (a refund is not a charge)', () => {
    expect(pointsEarnedOnCardCharge(-20_000n)).toBe(0n);
  });
});
