import { describe, expect, it } from 'vitest';
import { yen } from '../money/money.ts';
import { checkCardMonthlyLimit, type RecurringPlanTerms } from './recurring-plan.ts';

describe('card plans: at most 100,000 yen per month per customer, summed over the customer’s card plans', () => {
  const cardA: RecurringPlanTerms = { amount: yen(50_000), paymentMethod: 'CREDIT_CARD' };
  const cardB: RecurringPlanTerms = { amount: yen(40_000), paymentMethod: 'CREDIT_CARD' };
  const transfer: RecurringPlanTerms = { amount: yen(100_000), paymentMethod: 'ACCOUNT_TRANSFER' };

  it('accepts 50,000 + 40,000 = 90,000 by card (account-transfer plans do not count)', () => {
    expect(checkCardMonthlyLimit([cardA, cardB, transfer])).toEqual({ ok: true });
  });

  it('accepts exactly 100,000: 50,000 + 40,000 + 10,000', () => {
    expect(checkCardMonthlyLimit([cardA, cardB, { ...cardB, amount: yen(10_000) }])).toEqual({ ok: true });
  });

  it('refuses 100,001 in no month, but a June bonus of 20,000 makes June 50,000 + 40,000 + 20,000 = 110,000', () => {
    const withBonus = { ...cardB, bonus: { months: [6], amount: yen(20_000) } };
    expect(checkCardMonthlyLimit([cardA, withBonus])).toEqual({
      ok: false,
      months: [{ month: 6, total: 110_000n }],
    });
  });

  it('reports every month over the limit', () => {
    expect(checkCardMonthlyLimit([cardA, { ...cardA, amount: yen(51_000) }])).toMatchObject({
      ok: false,
      months: { length: 12 },
    });
  });
});

describe('the months over the card limit come in order from the plans’ first month', () => {
  const december: RecurringPlanTerms = { amount: yen(60_000), paymentMethod: 'CREDIT_CARD' };
  const alsoDecember: RecurringPlanTerms = { amount: yen(41_000), paymentMethod: 'CREDIT_CARD' };

  it('two plans starting in December, 101,000 every month: December first, then January', () => {
    const check = checkCardMonthlyLimit([december, alsoDecember], 12);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.months.map((month) => month.month)).toEqual([12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(check.months[0]).toEqual({ month: 12, total: 101_000n });
  });
});
