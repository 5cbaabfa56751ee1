import { describe, expect, it } from 'vitest';
import { isoDate } from '../calendar/iso-date.ts';
import { yen } from '../money/money.ts';
import { isNisaAgeOnFirstOfJanuary, nisaEligibility } from './nisa-eligibility.ts';
import { decideNisaPurchase } from './nisa-purchase-decision.ts';
import { adultInvestor } from './nisa-test-fixtures.ts';
import { emptyNisaUsage } from './nisa-usage.ts';

describe('NISA age: 18 or older on 1 January of the year', () => {
  it('counts someone born 2008-01-02 as 18 on 2026-01-01 (age is reached the day before the birthday)', () => {
    expect(isNisaAgeOnFirstOfJanuary(isoDate('2008-01-02'), 2026)).toBe(true);
    expect(isNisaAgeOnFirstOfJanuary(isoDate('2008-01-01'), 2026)).toBe(true);
    expect(isNisaAgeOnFirstOfJanuary(isoDate('2007-12-31'), 2026)).toBe(true);
  });

  it('counts someone born 2008-01-03 as 17 on 2026-01-01, eligible only from 2027', () => {
    expect(isNisaAgeOnFirstOfJanuary(isoDate('2008-01-03'), 2026)).toBe(false);
    expect(isNisaAgeOnFirstOfJanuary(isoDate('2008-01-03'), 2027)).toBe(true);
  });

  it('does not let an 18th birthday in May 2026 open NISA purchases settling in 2026', () => {
    const young = { ...adultInvestor, birthDate: isoDate('2008-05-10') };
    const request = {
      bucket: 'growth',
      kind: 'SPOT',
      fundTsumitateEligible: false,
      amount: yen(10_000),
      settlementDate: isoDate('2026-06-01'),
    } as const;
    expect(decideNisaPurchase(young, request, emptyNisaUsage)).toEqual({
      allowed: false,
      reason: 'under-18',
    });
    expect(
      decideNisaPurchase(young, { ...request, settlementDate: isoDate('2027-01-06') }, emptyNisaUsage),
    ).toMatchObject({ allowed: true });
  });
});

describe('NISA eligibility: individual residents with their one NISA account here', () => {
  it('admits an adult resident with a NISA account', () => {
    expect(nisaEligibility(adultInvestor, 2026)).toEqual({ ok: true });
  });

  it.each([
    ['CORPORATION', 'corporation'],
    ['CHILD', 'child-account'],
    ['JUNIOR_NISA', 'junior-nisa-account'],
  ] as const)('refuses a %s customer (%s): taxable only / no new purchases', (role, reason) => {
    expect(nisaEligibility({ ...adultInvestor, role }, 2026)).toEqual({ ok: false, reason });
  });

  it('refuses a non-resident and a customer whose NISA account is elsewhere', () => {
    expect(nisaEligibility({ ...adultInvestor, residentOfJapan: false }, 2026)).toEqual({
      ok: false,
      reason: 'not-resident',
    });
    expect(nisaEligibility({ ...adultInvestor, hasNisaAccount: false }, 2026)).toEqual({
      ok: false,
      reason: 'no-nisa-account',
    });
  });
});
