import type { AssetHistory } from '@fund/contracts';
import { useState } from 'react';
import { chartHeight } from '../../../components/charts/chart-size';
import { LazyAssetHistoryChart } from '../../../components/charts/lazy-charts';
import { Card, EmptyState, ErrorState, SegmentedControl, Skeleton } from '../../../components/ui';
import { usePrivacyStore } from '../../../lib/privacy/privacy-store';
import {
  assetHistoryRangeLabels,
  assetHistoryRanges,
  initialAssetHistoryRange,
  type AssetHistoryRange,
} from '../api/asset-history-range';
import { useAssetHistory } from '../api/get-asset-history';

const rangeOptions = assetHistoryRanges.map((range) => ({
  value: range,
  label: assetHistoryRangeLabels[range],
}));

/** The points from the first one with money in it: 全期間 starts at the first purchase, not ten years ago. */
export function pointsFromFirstHolding(history: AssetHistory): AssetHistory['points'] {
  const first = history.points.findIndex((point) => point.value !== '0' || point.cost !== '0');
  return first === -1 ? [] : history.points.slice(first);
}

/**
 * 資産推移: 評価額 against 投資元本 over 1か月 … 全期間 (decision 013 chart, with its summary and table),
 * a point a day up to three months and a point a month beyond. Its own loading and error states: the rest
 * of the screen works without it. The chart writes its figures as text, so while amounts are hidden it is
 * not drawn at all.
 */
export function AssetsHistory() {
  const [range, setRange] = useState<AssetHistoryRange>(initialAssetHistoryRange);
  const { data, error, refetch, isFetching } = useAssetHistory(range);
  const amountsHidden = usePrivacyStore((state) => state.amountsHidden);
  return (
    <Card title="資産推移" className="assets-history">
      <SegmentedControl label="表示期間" options={rangeOptions} value={range} onChange={setRange} />
      {data === undefined ? (
        error === null ? (
          <Skeleton label="資産推移" height={chartHeight(2)} />
        ) : (
          <ErrorState what="資産推移" onRetry={() => void refetch()} retrying={isFetching} />
        )
      ) : amountsHidden ? (
        <EmptyState title="金額を隠しているため、推移は表示していません">
          「金額を隠す」をもう一度押すと表示されます。
        </EmptyState>
      ) : (
        <LazyAssetHistoryChart points={pointsFromFirstHolding(data)} />
      )}
    </Card>
  );
}
