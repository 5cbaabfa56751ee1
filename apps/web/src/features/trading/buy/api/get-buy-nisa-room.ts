import type { NisaStatusByYear } from '@fund/contracts';
import { HistoryPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api/api-client';
import { PassThrough } from '../../../../lib/api/pass-through';
import { accountApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/** The answer for a customer without a NISA account (400-666 passes through, spec §8). */
export const noNisaAccount = 'no-nisa-account' as const;

/**
 * `GET /v6/nisaStatusByYear?year=`: the NISA room of a year, for the buy's 受渡日 year (a late-December
 * order uses next year's 枠, domain.md §5); the business clock's year without `year`.
 */
export function buyNisaRoomQueryOptions(year: number | 'current') {
  return queryOptions({
    queryKey: [...tradingQueryKeys.all, 'buyNisaRoom', year] as const,
    queryFn: async ({ signal }): Promise<NisaStatusByYear | typeof noNisaAccount> => {
      try {
        return await accountApi.get<NisaStatusByYear>(HistoryPath.nisaStatusByYear, {
          query: { year: year === 'current' ? undefined : year },
          passThrough: PassThrough.getNisaStatusByYear,
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.code === '400-666') return noNisaAccount;
        throw error;
      }
    },
  });
}

/** Not asked for customers who cannot hold NISA (`enabled` false). */
export function useBuyNisaRoom(year: number | 'current', enabled: boolean) {
  return useQuery({ ...buyNisaRoomQueryOptions(year), enabled });
}
