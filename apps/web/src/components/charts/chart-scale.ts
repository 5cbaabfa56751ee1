import { formatMonthDay, formatYearMonth, groupDigits } from '@fund/domain';

/**
 * Geometry of the hand-written charts. Plotting alone uses JavaScript numbers (a pixel does not need
 * every yen); every figure a customer reads comes from the formatters on the API's decimal strings.
 */

export interface Domain {
  readonly min: number;
  readonly max: number;
}

export interface Tick {
  readonly value: number;
  readonly label: string;
}

/** The smallest step of 1, 2, 2.5 or 5 × 10^n that splits `span` into at most `count` parts. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw);
  return step ?? 10 * power;
}

/** Axis labels: 万円 where the ticks are whole 万 (axis only: the figures themselves are never shortened). */
function tickLabel(value: number, step: number): string {
  const whole = Math.round(value);
  if (step >= 10_000 && step % 10_000 === 0) return `${groupDigits(String(whole / 10_000))}万円`;
  return `${groupDigits(String(whole))}円`;
}

/** A domain with round ends around `values` and about `count` ticks on it. */
export function niceScale(values: readonly number[], count = 4): { domain: Domain; ticks: Tick[] } {
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    // a flat series still needs a band to sit in: ±10% around it (±1 when it is 0)
    const pad = low === 0 ? 1 : Math.abs(low) * 0.1;
    low -= pad;
    high += pad;
  }
  const step = niceStep(high - low, count);
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: Tick[] = [];
  for (let value = min; value <= max + step / 2; value += step) {
    ticks.push({ value, label: tickLabel(value, step) });
  }
  return { domain: { min, max }, ticks };
}

/** Position of `value` from the bottom (0) to the top (100) of the plot, in percent. */
export function yPercent(value: number, { min, max }: Domain): number {
  return max === min ? 50 : ((value - min) / (max - min)) * 100;
}

/** Position of point `index` of `count` from the left, in percent; a single point sits in the middle. */
export function xPercent(index: number, count: number): number {
  return count <= 1 ? 50 : (index / (count - 1)) * 100;
}

/** The index of the point nearest to `fraction` (0 = left edge, 1 = right edge) of the plot. */
export function indexAt(fraction: number, count: number): number {
  if (count <= 1) return 0;
  const clamped = Math.min(1, Math.max(0, fraction));
  return Math.round(clamped * (count - 1));
}

/**
 * An SVG path through the points in a 100 × 100 box (y down), drawn with `preserveAspectRatio="none"`
 * so the plot takes any width at a fixed height.
 */
export function linePath(values: readonly number[], domain: Domain): string {
  return values
    .map((value, index) => {
      const x = xPercent(index, values.length).toFixed(2);
      const y = (100 - yPercent(value, domain)).toFixed(2);
      return `${index === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join('');
}

/** The same line closed along the bottom edge: the area under it. */
export function areaPath(values: readonly number[], domain: Domain): string {
  if (values.length < 2) return '';
  const last = xPercent(values.length - 1, values.length).toFixed(2);
  return `${linePath(values, domain)}L${last} 100L0 100Z`;
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** First, middle and last date under the x axis: months for a long series, days for a short one. */
export function dateTicks(dates: readonly string[]): { index: number; label: string }[] {
  if (dates.length === 0) return [];
  const first = dates[0] ?? '';
  const last = dates[dates.length - 1] ?? '';
  const format = daysBetween(first, last) > 92 ? formatYearMonth : formatMonthDay;
  const indexes =
    dates.length === 1
      ? [0]
      : dates.length === 2
        ? [0, 1]
        : [0, Math.floor((dates.length - 1) / 2), dates.length - 1];
  return indexes.map((index) => ({ index, label: format(dates[index] ?? '') }));
}

/**
 * The rows of the table alternative: every point of a short series; for a long one the last point of
 * each month, and beyond `maxRows` months every k-th month counted back from the latest, which is
 * always shown.
 */
export function tableRowIndexes(
  dates: readonly string[],
  maxRows = 60,
): { indexes: number[]; thinned: boolean } {
  const all = dates.map((_, index) => index);
  if (dates.length <= maxRows) return { indexes: all, thinned: false };
  const monthEnds = all.filter((index) => dates[index + 1]?.slice(0, 7) !== dates[index]?.slice(0, 7));
  const every = Math.ceil(monthEnds.length / maxRows);
  const kept = monthEnds.filter((_, position) => (monthEnds.length - 1 - position) % every === 0);
  return { indexes: kept, thinned: true };
}
