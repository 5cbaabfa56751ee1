import { formatJapaneseDate, formatNavPer10k, formatSignedRate, formatSignedYen } from '@fund/domain';
import { SeriesChart, type ChartSeries } from './series-chart';

/** One 基準日 of a fund: its 基準価額 in whole yen per 10,000 units, as a decimal string. */
export interface NavPoint {
  readonly date: string;
  readonly nav: string;
}

export interface NavChartProps {
  readonly navs: readonly NavPoint[];
  readonly fundName: string;
  readonly summary?: string;
}

const series: readonly ChartSeries[] = [{ label: '基準価額', style: 'solid', format: formatNavPer10k }];

/** From the first to the last 基準日: the 基準価額 at both ends and the change between them. */
export function navSummary(navs: readonly NavPoint[]): string {
  const first = navs[0];
  const last = navs[navs.length - 1];
  if (first === undefined || last === undefined) return '';
  if (first.date === last.date) {
    return `${formatJapaneseDate(last.date)}：基準価額 ${formatNavPer10k(last.nav)}（1万口あたり）`;
  }
  const change = BigInt(last.nav) - BigInt(first.nav);
  return `${formatJapaneseDate(first.date)}〜${formatJapaneseDate(last.date)}：基準価額 ${formatNavPer10k(
    first.nav,
  )} → ${formatNavPer10k(last.nav)}、${formatSignedYen(change)} (${formatSignedRate(change, first.nav)})（1万口あたり）`;
}

/** A fund's 基準価額 (円, 1万口あたり) over its 基準日. */
export function NavChart({ navs, fundName, summary }: NavChartProps) {
  return (
    <SeriesChart
      title={`${fundName}の基準価額の推移（1万口あたり）`}
      series={series}
      points={navs.map((point) => ({ date: point.date, values: [point.nav] }))}
      summary={summary ?? navSummary(navs)}
      formatDate={formatJapaneseDate}
      emptyText="この期間の基準価額はまだありません。"
    />
  );
}
