import { useQuery } from '@tanstack/react-query';
import { valuationQueryOptions } from '../../../../lib/valuation/valuation-query';

/**
 * `GET /v1/assets` for the sell screen: the customer's holdings per account type, valued at the 解約価額
 * with the units of pending sells already deducted (spec §4). A placed order invalidates every query, so
 * the figures after a sell come from a fresh call.
 */
export function sellHoldingsQueryOptions() {
  return valuationQueryOptions();
}

export function useSellHoldings() {
  return useQuery(sellHoldingsQueryOptions());
}
