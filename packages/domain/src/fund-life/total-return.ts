import type { Yen } from '../money/money.ts';

/** The cumulative figures of one fund for one customer, across all of the customer's accounts. */
export interface TotalReturnFigures {
  /** 評価金額 today (0 for a fund no longer held). */
  readonly valuation: Yen;
  /** 累計売付金額: sale and 償還 proceeds after the retention fee, before capital-gains tax. */
  readonly sold: Yen;
  /** 累計受取分配金額: distributions after tax, 元本払戻金 and reinvested amounts included. */
  readonly distributions: Yen;
  /** 累計買付金額: purchases with their fees, reinvestments included. */
  readonly bought: Yen;
}

/**
 * トータルリターン (JSDA rule, domain.md §9): 評価金額 + 累計売付金額 + 累計受取分配金額 − 累計買付金額. A
 * reinvested distribution counts on both sides, so it changes the result only by what it earns later.
 */
export function totalReturn(figures: TotalReturnFigures): Yen {
  return (figures.valuation + figures.sold + figures.distributions - figures.bought) as Yen;
}
