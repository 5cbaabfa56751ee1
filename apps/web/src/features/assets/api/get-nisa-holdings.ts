import type { AssetHolding, Assets } from '@fund/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { valuationQueryOptions } from '../../../lib/valuation/valuation-query';

/** The NISA account types (spec §3 AccountType), in the order the screen lists them. */
export const nisaAccountTypes = [
  'nisa2_tsumitate',
  'nisa2_growth',
  'tsumitate_nisa',
  'general_nisa',
  'junior_nisa',
] as const;
export type NisaAccountType = (typeof nisaAccountTypes)[number];

export interface NisaHoldings {
  readonly referenceDate: string;
  readonly holdings: readonly (AssetHolding & { readonly accountType: NisaAccountType })[];
}

function isNisaHolding(holding: AssetHolding): holding is AssetHolding & { accountType: NisaAccountType } {
  return (nisaAccountTypes as readonly string[]).includes(holding.accountType);
}

/** `GET /v1/assets`, kept to the holdings in NISA accounts (2024 NISA, old NISA, junior NISA). */
export function nisaHoldingsQueryOptions() {
  return queryOptions({
    ...valuationQueryOptions(),
    select: (assets: Assets): NisaHoldings => ({
      referenceDate: assets.referenceDate,
      holdings: assets.holdings.filter(isNisaHolding),
    }),
  });
}

export function useNisaHoldings() {
  return useQuery(nisaHoldingsQueryOptions());
}
