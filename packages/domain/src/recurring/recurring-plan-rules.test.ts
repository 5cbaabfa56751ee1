import { describe, expect, it } from 'vitest';
import { yen } from '../money/money.ts';
import { checkRecurringPlan, recurringAmountForMonth, type RecurringPlanTerms } from './recurring-plan.ts';

const plan: RecurringPlanTerms = { amount: yen(10_000), paymentMethod: 'ACCOUNT_TRANSFER' };

describe('recurring plan amounts: from 5,000 yen in 1,000-yen steps', () => {
  it('accepts 5,000 and 6,000', () => {
    expect(checkRecurringPlan({ ...plan, amount: yen(5_000) })).toEqual({ ok: true });
    expect(checkRecurringPlan({ ...plan, amount: yen(6_000) })).toEqual({ ok: true });
  });

  it('refuses 4,000 (below 5,000), 5,500 (not a 1,000 step) and 3,500 (both)', () => {
    expect(checkRecurringPlan({ ...plan, amount: yen(4_000) })).toEqual({
      ok: false,
      issues: [{ field: 'amount', reason: 'below-minimum' }],
    });
    expect(checkRecurringPlan({ ...plan, amount: yen(5_500) })).toEqual({
      ok: false,
      issues: [{ field: 'amount', reason: 'not-in-steps-of-1000' }],
    });
    expect(checkRecurringPlan({ ...plan, amount: yen(3_500) })).toMatchObject({
      ok: false,
      issues: { length: 2 },
    });
  });
});

describe('bonus months: up to two distinct months with an extra amount under the same rules', () => {
  it('accepts June and December with 20,000 extra, and buys 10,000 + 20,000 = 30,000 in those months', () => {
    const withBonus = { ...plan, bonus: { months: [6, 12], amount: yen(20_000) } };
    expect(checkRecurringPlan(withBonus)).toEqual({ ok: true });
    expect(recurringAmountForMonth(withBonus, 6)).toBe(30_000n);
    expect(recurringAmountForMonth(withBonus, 12)).toBe(30_000n);
    expect(recurringAmountForMonth(withBonus, 7)).toBe(10_000n);
    expect(recurringAmountForMonth(plan, 6)).toBe(10_000n);
  });

  it('refuses three months, a repeated month, month 13 and no month at all', () => {
    const bonus = (months: number[]) => ({ ...plan, bonus: { months, amount: yen(5_000) } });
    expect(checkRecurringPlan(bonus([1, 6, 12]))).toEqual({
      ok: false,
      issues: [{ field: 'bonusMonths', reason: 'too-many' }],
    });
    expect(checkRecurringPlan(bonus([6, 6]))).toEqual({
      ok: false,
      issues: [{ field: 'bonusMonths', reason: 'duplicate' }],
    });
    expect(checkRecurringPlan(bonus([13]))).toEqual({
      ok: false,
      issues: [{ field: 'bonusMonths', reason: 'not-a-month' }],
    });
    expect(checkRecurringPlan(bonus([0.5]))).toEqual({
      ok: false,
      issues: [{ field: 'bonusMonths', reason: 'not-a-month' }],
    });
    expect(checkRecurringPlan(bonus([]))).toEqual({
      ok: false,
      issues: [{ field: 'bonusMonths', reason: 'none' }],
    });
  });

  it('refuses a bonus extra of 3,000 or 5,500', () => {
    expect(checkRecurringPlan({ ...plan, bonus: { months: [6], amount: yen(3_000) } })).toEqual({
      ok: false,
      issues: [{ field: 'bonusAmount', reason: 'below-minimum' }],
    });
    expect(checkRecurringPlan({ ...plan, bonus: { months: [6], amount: yen(5_500) } })).toEqual({
      ok: false,
      issues: [{ field: 'bonusAmount', reason: 'not-in-steps-of-1000' }],
    });
  });
});
