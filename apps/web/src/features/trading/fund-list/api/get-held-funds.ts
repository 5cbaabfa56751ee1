import type { Assets } from '@fund/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { valuationQueryOptions } from '../../../../lib/valuation/valuation-query';

/**
 * `GET /v1/assets` read by the trading list for one thing: which funds the customer holds units of that
 * can still be sold (units shown exclude those already in a sell order), so a fund offers 売却する.
 */
export function heldFundsQueryOptions() {
  return queryOptions({
    ...valuationQueryOptions(),
    select: (assets: Assets): ReadonlySet<string> =>
      new Set(
        assets.holdings.filter((holding) => BigInt(holding.units) > 0n).map((holding) => holding.fund.code),
      ),
  });
}

export function useHeldFunds() {
  return useQuery(heldFundsQueryOptions());
}
