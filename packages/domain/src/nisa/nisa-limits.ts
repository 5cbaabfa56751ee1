import type { AccountType } from '../enums/account.ts';
import type { Yen } from '../money/money.ts';

/** The two 2024 NISA buckets: つみたて投資枠 and 成長投資枠. */
export const nisaBucketValues = ['tsumitate', 'growth'] as const;
export type NisaBucket = (typeof nisaBucketValues)[number];

/** NISA limits from 2024 (domain.md §5, law). Annual limits go by 受渡日 year; lifetime by 簿価. */
export const nisaLimits = {
  annual: { tsumitate: 1_200_000n as Yen, growth: 2_400_000n as Yen },
  lifetime: 18_000_000n as Yen,
  growthLifetime: 12_000_000n as Yen,
  /** The 2024 NISA starts with purchases settled in 2024. */
  firstYear: 2024,
  /** Age reached by 1 January of the year. */
  minimumAge: 18,
} as const;

export function nisaBucketOfAccountType(accountType: AccountType): NisaBucket | undefined {
  if (accountType === 'nisa2_tsumitate') return 'tsumitate';
  if (accountType === 'nisa2_growth') return 'growth';
  return undefined;
}

export function accountTypeOfNisaBucket(bucket: NisaBucket): AccountType {
  return bucket === 'tsumitate' ? 'nisa2_tsumitate' : 'nisa2_growth';
}
