import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NavPer10k, Units, Yen } from '../money/money.ts';
import { applyPurchaseToCostBasis, realisedGain, type CostBasisPosition } from './moving-average.ts';

describe('個別元本 properties', () => {
  it('is the exact unit-weighted average rounded up once: (q − 1) × total < sum ≤ q × total', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1_000n, max: 60_000n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1_000n, max: 60_000n }),
        (held, basis, bought, price) => {
          const position: CostBasisPosition = {
            units: held as Units,
            basisPer10k: (held === 0n ? 0n : basis) as Yen,
          };
          const next = applyPurchaseToCostBasis(position, bought as Units, price as NavPer10k);
          const sum = position.units * position.basisPer10k + bought * price;
          const total = held + bought;
          expect(next.units).toBe(total);
          expect((next.basisPer10k - 1n) * total < sum && sum <= next.basisPer10k * total).toBe(true);
        },
      ),
    );
  });

  it('stays between the lowest and highest price paid', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 1_000n, max: 60_000n })), {
          minLength: 1,
          maxLength: 20,
        }),
        (purchases) => {
          let position: CostBasisPosition = { units: 0n as Units, basisPer10k: 0n as Yen };
          for (const [bought, price] of purchases) {
            position = applyPurchaseToCostBasis(position, bought as Units, price as NavPer10k);
          }
          const prices = purchases.map(([, price]) => price);
          const lowest = prices.reduce((a, b) => (a < b ? a : b));
          const highest = prices.reduce((a, b) => (a > b ? a : b));
          expect(position.basisPer10k >= lowest && position.basisPer10k <= highest).toBe(true);
        },
      ),
    );
  });

  it('gain = proceeds − ⌈units × 個別元本 ÷ 10,000⌉', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 60_000n }),
        (sold, proceeds, basis) => {
          const { acquisitionCost, gain } = realisedGain(sold as Units, proceeds as Yen, basis as Yen);
          const exact = sold * basis;
          expect((acquisitionCost - 1n) * 10_000n < exact && exact <= acquisitionCost * 10_000n).toBe(true);
          expect(gain).toBe(proceeds - acquisitionCost);
        },
      ),
    );
  });
});
