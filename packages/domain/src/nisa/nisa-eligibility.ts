import type { IsoDate } from '../calendar/iso-date.ts';
import type { AccountRoleType } from '../enums/account.ts';
import { nisaLimits } from './nisa-limits.ts';

/** What the NISA eligibility rule needs to know about the customer. */
export interface NisaInvestor {
  readonly role: AccountRoleType;
  readonly birthDate: IsoDate;
  /** Resident of Japan (居住者) for tax purposes. */
  readonly residentOfJapan: boolean;
  /** Whether this seller holds the customer's one NISA account (one per person, law). */
  readonly hasNisaAccount: boolean;
}

export type NisaEligibilityRefusal =
  'corporation' | 'child-account' | 'junior-nisa-account' | 'not-resident' | 'under-18' | 'no-nisa-account';

export type NisaEligibility =
  { readonly ok: true } | { readonly ok: false; readonly reason: NisaEligibilityRefusal };

/**
 * Whether someone born on `birthDate` is 18 or older on 1 January of `year`. Under Japan's age-counting
 * law (年齢計算ニ関スル法律) a year of age is completed at the end of the day before the birthday, so a
 * person whose 18th birthday is 2 January has turned 18 during 1 January: eligible for the year are
 * those born on or before 2 January eighteen years earlier.
 */
export function isNisaAgeOnFirstOfJanuary(birthDate: IsoDate, year: number): boolean {
  const latestBirthDate = `${String(year - nisaLimits.minimumAge).padStart(4, '0')}-01-02`;
  return birthDate <= latestBirthDate;
}

/**
 * NISA is for individual residents of Japan aged 18+ on 1 January of the year, with their one NISA
 * account here (domain.md §5). CORPORATION and CHILD customers are taxable-only, JUNIOR_NISA customers
 * make no new purchases.
 */
export function nisaEligibility(investor: NisaInvestor, year: number): NisaEligibility {
  if (investor.role === 'CORPORATION') return { ok: false, reason: 'corporation' };
  if (investor.role === 'CHILD') return { ok: false, reason: 'child-account' };
  if (investor.role === 'JUNIOR_NISA') return { ok: false, reason: 'junior-nisa-account' };
  if (!investor.residentOfJapan) return { ok: false, reason: 'not-resident' };
  if (!isNisaAgeOnFirstOfJanuary(investor.birthDate, year)) return { ok: false, reason: 'under-18' };
  if (!investor.hasNisaAccount) return { ok: false, reason: 'no-nisa-account' };
  return { ok: true };
}
