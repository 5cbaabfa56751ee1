/**
 * The fixed heights of a chart (all but its table), shared by the chart and its lazy placeholder so the
 * page does not move when the chart's chunk arrives (CLS).
 */
export const chartRows = {
  summary: 66,
  legend: 32,
  readoutLine: 18,
  plot: 160,
  axis: 24,
  toggle: 52,
} as const;

/** The height of a chart drawing `seriesCount` lines: its readout has a line per series under the date. */
export function chartHeight(seriesCount: number): number {
  const { summary, legend, readoutLine, plot, axis, toggle } = chartRows;
  return summary + legend + readoutLine * (1 + seriesCount) + plot + axis + toggle;
}
