import type { Assets } from '@fund/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { valuationQueryOptions } from '../../../../lib/valuation/valuation-query';

/** `GET /v1/assets`, read by the buy for its お預り金 (cashBalance): what a spot buy is paid from. */
export function buyCashBalanceQueryOptions() {
  return queryOptions({
    ...valuationQueryOptions(),
    select: (assets: Assets) => assets.cashBalance,
  });
}

export function useBuyCashBalance() {
  return useQuery(buyCashBalanceQueryOptions());
}
