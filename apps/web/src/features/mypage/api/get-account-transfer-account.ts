import type { AccountTransferAccount } from '@fund/contracts';
import { SaisonConnectPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PassThrough } from '../../../lib/api/pass-through';
import { productApi } from '../../../lib/api/services';
import { mypageQueryKeys } from './mypage-query-keys';

/**
 * `GET /v1/cashflows/accountTransfer/account`: the bank account 口座振替 debits; 400-666 (none) passes
 * through (spec §8). Silent for the same reason as the card's call.
 */
export function getAccountTransferAccount(signal?: AbortSignal): Promise<AccountTransferAccount> {
  return productApi.get<AccountTransferAccount>(SaisonConnectPath.accountTransferAccount, {
    signal,
    silent: true,
    passThrough: PassThrough.getAccountTransferAccount,
  });
}

export function accountTransferAccountQueryOptions() {
  return queryOptions({
    queryKey: mypageQueryKeys.accountTransferAccount(),
    queryFn: ({ signal }) => getAccountTransferAccount(signal),
  });
}

export function useAccountTransferAccount() {
  return useQuery(accountTransferAccountQueryOptions());
}
