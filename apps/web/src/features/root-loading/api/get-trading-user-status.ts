import { ErrorCode, RootLoadingPath, type TradingUserStatus } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';

/**
 * `GET /v1/wb4UserStatus`: the trading system's user status. A locked account answers 400-100 (spec §8),
 * which is passed through without a toast: the locked-account screen says it instead.
 */
export function getTradingUserStatus(signal?: AbortSignal): Promise<TradingUserStatus> {
  return productApi.get<TradingUserStatus>(RootLoadingPath.tradingUserStatus, {
    silent: true,
    passThrough: [ErrorCode.accountLocked],
    signal,
  });
}

export const tradingUserStatusQueryKey = ['account', 'tradingUserStatus'] as const;

export function tradingUserStatusQueryOptions() {
  return queryOptions({
    queryKey: tradingUserStatusQueryKey,
    queryFn: ({ signal }) => getTradingUserStatus(signal),
  });
}
