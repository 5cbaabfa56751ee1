import { isOneOf } from './enum-values.ts';

/**
 * 口座区分 (spec §3): 特定口座, 一般口座, the pre-2024 一般NISA and つみたてNISA, the 2024 NISA's
 * つみたて投資枠 and 成長投資枠, and ジュニアNISA.
 */
export const accountTypeValues = [
  'specific',
  'general',
  'general_nisa',
  'tsumitate_nisa',
  'nisa2_tsumitate',
  'nisa2_growth',
  'junior_nisa',
] as const;
export type AccountType = (typeof accountTypeValues)[number];
export const isAccountType = (value: unknown): value is AccountType => isOneOf(accountTypeValues, value);

/** The customer kind behind an account (spec §3, §6). */
export const accountRoleTypeValues = ['ADULT', 'CORPORATION', 'CHILD', 'JUNIOR_NISA'] as const;
export type AccountRoleType = (typeof accountRoleTypeValues)[number];
export const isAccountRoleType = (value: unknown): value is AccountRoleType =>
  isOneOf(accountRoleTypeValues, value);
