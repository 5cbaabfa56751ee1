import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executeBuy, executeSell, type SellOrder } from '../orders/order-execution.ts';
import { creditCash, debitCash, InsufficientCashError } from './cash-balance.ts';
import { InsufficientUnitsError, OrderTooSmallError } from './fund-pricing.ts';
import type { NavPer10k, Units, Yen } from './money.ts';

type Step =
  | { readonly kind: 'buy-amount'; readonly amount: bigint; readonly nav: bigint }
  | { readonly kind: 'buy-units'; readonly units: bigint; readonly nav: bigint }
  | { readonly kind: 'sell'; readonly order: SellOrder; readonly price: bigint };

const nav = fc.bigInt({ min: 1_000n, max: 60_000n });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('buy-amount' as const),
    amount: fc.bigInt({ min: 1n, max: 2_000_000n }),
    nav,
  }),
  fc.record({ kind: fc.constant('buy-units' as const), units: fc.bigInt({ min: 1n, max: 3_000_000n }), nav }),
  fc.record({
    kind: fc.constant('sell' as const),
    price: nav,
    order: fc.oneof(
      fc.record({ type: fc.constant('AMOUNT' as const), amount: fc.bigInt({ min: 1n, max: 2_000_000n }) }),
      fc.record({ type: fc.constant('QUANTITY' as const), units: fc.bigInt({ min: 1n, max: 3_000_000n }) }),
      fc.constant({ type: 'ALL' as const }),
    ) as fc.Arbitrary<SellOrder>,
  }),
);

const expectedRefusals = [InsufficientCashError, InsufficientUnitsError, OrderTooSmallError];

describe('a customer’s buys and sells in one fund', () => {
  it('never take units or cash below zero, whatever the sequence (refused orders change nothing)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.array(step, { maxLength: 40 }),
        (start, steps) => {
          let cash = start as Yen;
          let held = 0n as Units;
          for (const next of steps) {
            try {
              if (next.kind === 'sell') {
                const sold = executeSell(next.order, held, next.price as NavPer10k);
                expect(sold.units <= held).toBe(true);
                held = (held - sold.units) as Units;
                cash = creditCash(cash, sold.grossProceeds);
              } else {
                const order =
                  next.kind === 'buy-amount'
                    ? { type: 'AMOUNT' as const, amount: next.amount as Yen }
                    : { type: 'QUANTITY' as const, units: next.units as Units };
                const bought = executeBuy(order, next.nav as NavPer10k);
                cash = debitCash(cash, bought.amount);
                held = (held + bought.units) as Units;
              }
            } catch (error) {
              expect(expectedRefusals.some((refusal) => error instanceof refusal)).toBe(true);
            }
            expect(cash >= 0n).toBe(true);
            expect(held >= 0n).toBe(true);
          }
        },
      ),
    );
  });
});
