import type { CreditCard } from '@fund/contracts';
import { SaisonConnectPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PassThrough } from '../../../lib/api/pass-through';
import { productApi } from '../../../lib/api/services';
import { mypageQueryKeys } from './mypage-query-keys';

/**
 * `GET /v1/cashflows/creditCard`: the card on file; 400-100 (none) passes through (spec §8). Silent: the
 * block says itself what it could not show, so one missing part of my page raises no toast.
 */
export function getCreditCard(signal?: AbortSignal): Promise<CreditCard> {
  return productApi.get<CreditCard>(SaisonConnectPath.creditCard, {
    signal,
    silent: true,
    passThrough: PassThrough.getCreditCard,
  });
}

export function creditCardQueryOptions() {
  return queryOptions({
    queryKey: mypageQueryKeys.creditCard(),
    queryFn: ({ signal }) => getCreditCard(signal),
  });
}

export function useCreditCard() {
  return useQuery(creditCardQueryOptions());
}
