import type { AssetHistory } from '@fund/contracts';
import { AssetsPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { assetHistoryQuery, type AssetHistoryRange } from './asset-history-range';
import { assetsQueryKeys } from './assets-query-keys';

/** `GET /v1/assets/history?from&to&interval`: 評価額 and 簿価 per day or month end, up to today. */
export function getAssetHistory(range: AssetHistoryRange, signal?: AbortSignal): Promise<AssetHistory> {
  return productApi.get<AssetHistory>(AssetsPath.history, { query: assetHistoryQuery(range), signal });
}

export function assetHistoryQueryOptions(range: AssetHistoryRange) {
  return queryOptions({
    queryKey: assetsQueryKeys.history(range),
    queryFn: ({ signal }) => getAssetHistory(range, signal),
  });
}

export function useAssetHistory(range: AssetHistoryRange) {
  return useQuery(assetHistoryQueryOptions(range));
}
