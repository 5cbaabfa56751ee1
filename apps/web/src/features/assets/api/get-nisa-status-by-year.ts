import type { NisaStatusByYear } from '@fund/contracts';
import { HistoryPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/api-client';
import { PassThrough } from '../../../lib/api/pass-through';
import { accountApi } from '../../../lib/api/services';
import { assetsQueryKeys } from './assets-query-keys';

/** The answer for a customer who has no NISA account (400-666, spec §8 pass-through list). */
export const noNisaAccount = 'no-nisa-account' as const;
export type NisaStatusAnswer = NisaStatusByYear | typeof noNisaAccount;

/**
 * `GET /v6/nisaStatusByYear?year=`: the year's use of the つみたて and 成長 枠 and the lifetime use; the
 * year of the server's business clock without `year`. A customer without a NISA account is not an error
 * for this screen: 400-666 passes through without a toast and becomes `noNisaAccount`.
 */
export async function getNisaStatusByYear(
  year: number | 'current',
  signal?: AbortSignal,
): Promise<NisaStatusAnswer> {
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
}

export function nisaStatusQueryOptions(year: number | 'current') {
  return queryOptions({
    queryKey: assetsQueryKeys.nisaStatus(year),
    queryFn: ({ signal }) => getNisaStatusByYear(year, signal),
  });
}

/** Disabled until the year is known (next year's status waits for this year's). */
export function useNisaStatusByYear(year: number | 'current' | undefined) {
  return useQuery({ ...nisaStatusQueryOptions(year ?? 'current'), enabled: year !== undefined });
}
