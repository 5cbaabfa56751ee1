import { useQuery } from '@tanstack/react-query';
import { valuationQueryOptions } from '../../../lib/valuation/valuation-query';

/** `GET /v1/assets`: today's valuation (総資産 and its parts) at the 解約価額 of the reference date. */
export function assetsQueryOptions() {
  return valuationQueryOptions();
}

export function useAssets() {
  return useQuery(assetsQueryOptions());
}
