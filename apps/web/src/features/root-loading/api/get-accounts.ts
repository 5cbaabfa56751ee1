import { RootLoadingPath, type Accounts } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { accountApi } from '../../../lib/api/services';

/** `GET /v6/accounts`: branch code and account number (customerCode) (spec §3). */
export function getAccounts(signal?: AbortSignal): Promise<Accounts> {
  return accountApi.get<Accounts>(RootLoadingPath.accounts, { signal, silent: true });
}

export const accountsQueryKey = ['account', 'accounts'] as const;

export function accountsQueryOptions() {
  return queryOptions({ queryKey: accountsQueryKey, queryFn: ({ signal }) => getAccounts(signal) });
}
