import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancellationPrice,
  costOfUnits,
  retentionFeePer10k,
  sellProceeds,
  unitsForAmount,
  unitsToSellForAmount,
  valueOfUnits,
} from './fund-pricing.ts';
import type { NavPer10k, Units, Yen } from './money.ts';

// Up to 10^15 units and NAVs up to 100,000 yen: products far beyond 2^53.
const anyUnits = fc.bigInt({ min: 0n, max: 10n ** 15n }).map((value) => value as Units);
const anyNav = fc.bigInt({ min: 1n, max: 100_000n }).map((value) => value as NavPer10k);
const anyAmount = fc.bigInt({ min: 1n, max: 10n ** 12n }).map((value) => value as Yen);
const anyFee = fc.integer({ min: 0, max: 100 });

/**
 * Exact rational reference: q is ⌊n ÷ d⌋ exactly when q·d ≤ n < (q+1)·d, and ⌈n ÷ d⌉ exactly when
 * (q−1)·d < n ≤ q·d — checked by multiplication only, so no division result is trusted.
 */
const isFloorOf = (q: bigint, n: bigint, d: bigint) => q * d <= n && n < (q + 1n) * d;
const isCeilOf = (q: bigint, n: bigint, d: bigint) => (q - 1n) * d < n && n <= q * d;

describe('fund pricing properties', () => {
  it('value = units × price ÷ 10,000, rounded down exactly once', () => {
    fc.assert(
      fc.property(anyUnits, anyNav, (count, price) => {
        expect(isFloorOf(valueOfUnits(count, price), count * price, 10_000n)).toBe(true);
      }),
    );
  });

  it('amount buy units = ⌊amount × 10,000 ÷ NAV⌋: their value never exceeds the amount paid', () => {
    fc.assert(
      fc.property(anyAmount, anyNav, (amount, nav) => {
        const bought = unitsForAmount(amount, nav);
        expect(isFloorOf(bought, amount * 10_000n, nav)).toBe(true);
        expect(valueOfUnits(bought, nav) <= amount).toBe(true);
      }),
    );
  });

  it('unit-count buy cost = ⌈units × NAV ÷ 10,000⌉: never less than the units’ value', () => {
    fc.assert(
      fc.property(anyUnits, anyNav, (count, nav) => {
        const cost = costOfUnits(count, nav);
        expect(isCeilOf(cost, count * nav, 10_000n)).toBe(true);
        expect(cost >= valueOfUnits(count, nav)).toBe(true);
      }),
    );
  });

  it('解約価額 = NAV − ⌈NAV × bp ÷ 10,000⌉ = ⌊NAV × (10,000 − bp) ÷ 10,000⌋', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1_000n, max: 100_000n }), anyFee, (nav, fee) => {
        const price = cancellationPrice(nav as NavPer10k, fee);
        expect(isCeilOf(retentionFeePer10k(nav as NavPer10k, fee), nav * BigInt(fee), 10_000n)).toBe(true);
        expect(isFloorOf(price, nav * (10_000n - BigInt(fee)), 10_000n)).toBe(true);
      }),
    );
  });

  it('amount sell: proceeds ≥ amount with the fewest units, unless capped at the holding', () => {
    fc.assert(
      fc.property(anyAmount, anyNav, anyUnits, (amount, price, held) => {
        const sell = unitsToSellForAmount(amount, price, held);
        const proceeds = sellProceeds(sell.units, price);
        if (sell.capped) {
          expect(sell.units).toBe(held);
          expect(proceeds < amount).toBe(true);
        } else {
          expect(sell.units <= held).toBe(true);
          expect(proceeds >= amount).toBe(true);
          if (sell.units > 0n) expect(sellProceeds((sell.units - 1n) as Units, price) < amount).toBe(true);
        }
      }),
    );
  });
});
