import { useQuery } from '@tanstack/react-query';
import { valuationQueryOptions } from '../../../lib/valuation/valuation-query';

/**
 * `GET /v1/assets?date=`: holdings valued at the 解約価額 of the reference date (today when absent), with
 * pending sells already deducted, subtotals per account type, お預り金 and 受渡待ち.
 */
export const assetsQueryOptions = valuationQueryOptions;

export function useAssets(date?: string) {
  return useQuery(assetsQueryOptions(date));
}
