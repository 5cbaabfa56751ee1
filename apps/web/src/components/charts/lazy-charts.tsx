import { lazy, Suspense } from 'react';
import type { AssetHistoryChartProps } from './asset-history-chart';
import { chartHeight } from './chart-size';
import type { NavChartProps } from './nav-chart';

/**
 * The charts load on demand in their own chunk (decision 013): a screen renders these wrappers, which
 * hold the chart's exact height while the chunk arrives, so nothing on the page moves (CLS).
 */
const AssetHistoryChart = lazy(() =>
  import('./asset-history-chart').then((module) => ({ default: module.AssetHistoryChart })),
);
const NavChart = lazy(() => import('./nav-chart').then((module) => ({ default: module.NavChart })));

function ChartPlaceholder({ seriesCount }: { readonly seriesCount: number }) {
  return <div className="chart-placeholder" style={{ height: chartHeight(seriesCount) }} aria-busy="true" />;
}

export function LazyAssetHistoryChart(props: AssetHistoryChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder seriesCount={2} />}>
      <AssetHistoryChart {...props} />
    </Suspense>
  );
}

export function LazyNavChart(props: NavChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder seriesCount={1} />}>
      <NavChart {...props} />
    </Suspense>
  );
}
