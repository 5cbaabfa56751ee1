import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDateOf } from '../calendar/iso-date.ts';
import type { Yen } from '../money/money.ts';
import { divideFloor } from '../money/rounding.ts';
import { nisaLimits, nisaBucketValues, type NisaBucket } from './nisa-limits.ts';
import { decideNisaPurchase } from './nisa-purchase-decision.ts';
import { adultInvestor } from './nisa-test-fixtures.ts';
import {
  emptyNisaUsage,
  nisaAnnualUse,
  nisaHeldBookValue,
  nisaLifetimeUse,
  nisaRoom,
  recordNisaPurchase,
  recordNisaSale,
  type NisaUsage,
} from './nisa-usage.ts';

type Operation =
  | { readonly kind: 'buy'; readonly year: number; readonly bucket: NisaBucket; readonly amount: bigint }
  | { readonly kind: 'sell'; readonly year: number; readonly bucket: NisaBucket; readonly percent: bigint };

const firstYear = nisaLimits.firstYear;
const lastYear = firstYear + 12;
const year = fc.integer({ min: firstYear, max: lastYear });
const bucket = fc.constantFrom(...nisaBucketValues);
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      year,
      bucket,
      amount: fc.bigInt({ min: 1n, max: 3_000_000n }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      year,
      bucket,
      percent: fc.bigInt({ min: 1n, max: 100n }),
    }),
  },
);

/** Every limit, checked for every year of the run and a few after it (the ledger keeps no negative value). */
function expectWithinLimits(usage: NisaUsage): void {
  for (let checked = firstYear; checked <= lastYear + 2; checked += 1) {
    const annual = nisaAnnualUse(usage, checked);
    expect(annual.tsumitate <= nisaLimits.annual.tsumitate).toBe(true);
    expect(annual.growth <= nisaLimits.annual.growth).toBe(true);
    const lifetime = nisaLifetimeUse(usage, checked);
    expect(lifetime.total <= nisaLimits.lifetime).toBe(true);
    expect(lifetime.growth <= nisaLimits.growthLifetime).toBe(true);
  }
  const held = nisaHeldBookValue(usage);
  expect(held.tsumitate >= 0n && held.growth >= 0n).toBe(true);
}

describe('NISA usage under random purchases and sales over the years', () => {
  it('never goes above an annual, growth or total limit, and refuses exactly what would', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), fc.boolean(), (operations, chronological) => {
        // Mostly time runs forward (受渡日-year order); out of order, e.g. a pending order for next January
        // recorded before one settling this December, the limits must hold just the same.
        const ordered = chronological ? [...operations].sort((a, b) => a.year - b.year) : operations;
        let usage = emptyNisaUsage;
        for (const next of ordered) {
          if (next.kind === 'sell') {
            const held = nisaHeldBookValue(usage)[next.bucket];
            const bookValue = divideFloor(held * next.percent, 100n) as Yen;
            if (bookValue > 0n)
              usage = recordNisaSale(usage, { bucket: next.bucket, bookValue, year: next.year });
          } else {
            const request = {
              bucket: next.bucket,
              kind: 'RECURRING',
              fundTsumitateEligible: true,
              amount: next.amount as Yen,
              settlementDate: isoDateOf({ year: next.year, month: 6, day: 1 }),
            } as const;
            const room = nisaRoom(usage, next.year);
            const fits =
              next.amount <= (next.bucket === 'tsumitate' ? room.tsumitateAnnual : room.growthAnnual) &&
              (next.bucket === 'tsumitate' || next.amount <= room.growthLifetime) &&
              next.amount <= room.lifetime;
            const decision = decideNisaPurchase(adultInvestor, request, usage);
            expect(decision.allowed).toBe(fits);
            if (decision.allowed) {
              usage = recordNisaPurchase(usage, {
                bucket: next.bucket,
                bookValue: request.amount,
                year: next.year,
              });
            }
          }
          expectWithinLimits(usage);
        }
      }),
      { numRuns: 300 },
    );
  });
});
