import { RootLoadingPath, type MigratedStatus } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { accountApi } from '../../../lib/api/services';

/** `GET /v6/users/migratedStatus`: whether the customer has moved from the legacy sign-in. */
export function getMigratedStatus(signal?: AbortSignal): Promise<MigratedStatus> {
  return accountApi.get<MigratedStatus>(RootLoadingPath.migratedStatus, { signal, silent: true });
}

export const migratedStatusQueryKey = ['account', 'migratedStatus'] as const;

export function migratedStatusQueryOptions() {
  return queryOptions({
    queryKey: migratedStatusQueryKey,
    queryFn: ({ signal }) => getMigratedStatus(signal),
  });
}
