import { formatJapaneseDate, formatSignedRate, formatSignedYen, formatYen } from '@fund/domain';
import { SeriesChart, type ChartSeries } from './series-chart';

/** One day of GET /v1/assets/history: 評価額 and 受渡済みの投資元本, decimal strings of yen. */
export interface AssetHistoryPoint {
  readonly date: string;
  readonly value: string;
  readonly cost: string;
}

export interface AssetHistoryChartProps {
  readonly points: readonly AssetHistoryPoint[];
  /** A summary of the screen's own; by default the period's end figures. */
  readonly summary?: string;
}

const series: readonly ChartSeries[] = [
  { label: '評価額', style: 'solid', format: formatYen },
  { label: '投資元本', style: 'dashed', format: formatYen },
];

/**
 * The period and where it ends: 評価額 and 評価損益 = 評価額 − 投資元本 with its rate on 投資元本, the
 * figures a customer can check against each other (web-screens.md g).
 */
export function assetHistorySummary(points: readonly AssetHistoryPoint[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) return '';
  const gain = BigInt(last.value) - BigInt(last.cost);
  const period =
    first.date === last.date
      ? formatJapaneseDate(last.date)
      : `${formatJapaneseDate(first.date)}〜${formatJapaneseDate(last.date)}`;
  return `${period}：評価額 ${formatYen(last.value)}、評価損益 ${formatSignedYen(gain)} (${formatSignedRate(gain, last.cost)})`;
}

/** 評価額 (area and solid line) against 受渡済みの投資元本 (dashed line) over the chosen period. */
export function AssetHistoryChart({ points, summary }: AssetHistoryChartProps) {
  return (
    <SeriesChart
      title="評価額と投資元本の推移"
      series={series}
      points={points.map((point) => ({ date: point.date, values: [point.value, point.cost] }))}
      summary={summary ?? assetHistorySummary(points)}
      formatDate={formatJapaneseDate}
      area
      emptyText="この期間の資産の記録はまだありません。ファンドを購入すると、翌営業日から推移が表示されます。"
    />
  );
}
