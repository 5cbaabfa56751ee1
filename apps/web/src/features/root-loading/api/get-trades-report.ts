import { RootLoadingPath, type TradesReport } from '@fund/contracts';
import { queryOptions } from '@tanstack/react-query';
import { balanceApi } from '../../../lib/api/services';

/** Balance service `GET trades_report`: the same documents as a page to frame (data.frame_url). */
export function getTradesReport(signal?: AbortSignal): Promise<TradesReport> {
  return balanceApi.get<TradesReport>(RootLoadingPath.tradesReport, { signal });
}

export const tradesReportQueryKey = ['account', 'tradesReport'] as const;

export function tradesReportQueryOptions() {
  return queryOptions({ queryKey: tradesReportQueryKey, queryFn: ({ signal }) => getTradesReport(signal) });
}
