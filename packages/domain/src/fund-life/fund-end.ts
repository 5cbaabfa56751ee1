import type { IsoDate } from '../calendar/iso-date.ts';

/** A fund's announced end (償還): the 償還日 and the last 申込日 that takes an order (申込受付最終日). */
export interface FundEnd {
  readonly redemptionDate: string | null;
  readonly lastOrderDate: string | null;
}

/** Whether an order with this 申込日 may be placed: always, until an announced end's last order date. */
export function takesOrdersOn(fund: FundEnd, applicationDate: IsoDate): boolean {
  return fund.lastOrderDate === null || applicationDate <= fund.lastOrderDate;
}

/** Whether a new 積立 may be set up: not once an end is announced (its plans end with a notice). */
export function takesNewPlans(fund: FundEnd): boolean {
  return fund.redemptionDate === null;
}
