import { RootLoadingPath, type TradeReportUrl } from '@fund/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { accountApi } from '../../../lib/api/services';

/** `GET /v6/tradeReportUrl`: a short-lived link to the 電子交付書面. */
export function getTradeReportUrl(signal?: AbortSignal): Promise<TradeReportUrl> {
  return accountApi.get<TradeReportUrl>(RootLoadingPath.tradeReportUrl, { signal });
}

export const tradeReportUrlQueryKey = ['account', 'tradeReportUrl'] as const;

/** The link is short-lived: asked afresh on every use, never served from the cache. */
export function tradeReportUrlQueryOptions() {
  return queryOptions({
    queryKey: tradeReportUrlQueryKey,
    queryFn: ({ signal }) => getTradeReportUrl(signal),
    staleTime: 0,
    gcTime: 0,
  });
}

export interface TradeReportUrlFetch {
  /** Asks for a fresh link; resolves with the URL, or undefined when the call failed (its toast is shown). */
  readonly fetchUrl: () => Promise<string | undefined>;
  readonly pending: boolean;
}

/** Fetches the trade-report link on demand (the closed-account screen's button). */
export function useTradeReportUrl(): TradeReportUrlFetch {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const fetchUrl = useCallback(async () => {
    setPending(true);
    try {
      const { tradeReportUrl } = await queryClient.fetchQuery(tradeReportUrlQueryOptions());
      return tradeReportUrl;
    } catch {
      // the API client has already told the customer (toast); the button can be pressed again
      return undefined;
    } finally {
      setPending(false);
    }
  }, [queryClient]);
  return { fetchUrl, pending };
}
