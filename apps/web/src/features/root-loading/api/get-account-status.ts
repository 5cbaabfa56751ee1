import { RootLoadingPath, type AccountStatus } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { accountApi } from '../../../lib/api/services';

/** `GET /v6/accountStatus`: status.equity CLOSE, NONE or OPEN, and the customer's hashed id (spec §3, §4). */
export function getAccountStatus(signal?: AbortSignal): Promise<AccountStatus> {
  return accountApi.get<AccountStatus>(RootLoadingPath.accountStatus, { signal, silent: true });
}

export const accountStatusQueryKey = ['account', 'accountStatus'] as const;

export function accountStatusQueryOptions() {
  return queryOptions({ queryKey: accountStatusQueryKey, queryFn: ({ signal }) => getAccountStatus(signal) });
}
