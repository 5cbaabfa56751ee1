import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  areaPath,
  dateTicks,
  indexAt,
  linePath,
  niceScale,
  tableRowIndexes,
  xPercent,
  yPercent,
} from './chart-scale';
import { chartHeight, chartRows } from './chart-size';
import './charts.css';

export interface ChartSeries {
  readonly label: string;
  /** Line style as well as colour, so the series differ without colour. */
  readonly style: 'solid' | 'dashed';
  /** The displayed figure of a value (formatYen, formatNavPer10k): never the plotted number. */
  readonly format: (value: string) => string;
}

export interface ChartPoint {
  readonly date: string;
  /** One decimal string per series, in the series' order. */
  readonly values: readonly string[];
}

export interface SeriesChartProps {
  /** What the chart shows, e.g. 資産の推移: the name of the chart and of its table. */
  readonly title: string;
  readonly series: readonly ChartSeries[];
  readonly points: readonly ChartPoint[];
  /** One line a screen reader (and everyone) reads first. */
  readonly summary: string;
  /** Formats a date for the readout, the announcement and the table. */
  readonly formatDate: (isoDate: string) => string;
  /** Fills the area under the first series. */
  readonly area?: boolean;
  readonly emptyText: string;
}

function LineSample({ style }: { readonly style: ChartSeries['style'] }) {
  return (
    <svg
      className="chart__sample"
      viewBox="0 0 24 8"
      width="24"
      height="8"
      aria-hidden="true"
      focusable="false"
    >
      <line x1="0" y1="4" x2="24" y2="4" className={`chart__line chart__line--${style}`} />
    </svg>
  );
}

function pointText(series: readonly ChartSeries[], point: ChartPoint): string {
  return series.map((one, index) => `${one.label} ${one.format(point.values[index] ?? '0')}`).join('、');
}

/**
 * A line chart in hand-written SVG (decision 013) with what a chart owes every customer: a text summary,
 * a legend in words, a cursor a finger or the arrow keys move with the value shown above the finger,
 * the point announced to screen readers, and the figures as a table.
 */
export function SeriesChart({
  title,
  series,
  points,
  summary,
  formatDate,
  area = false,
  emptyText,
}: SeriesChartProps) {
  const ids = { summary: useId(), table: useId() };
  const [cursor, setCursor] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [tableShown, setTableShown] = useState(false);
  const height = chartHeight(series.length);

  if (points.length === 0) {
    return (
      <div className="chart chart--empty" style={{ height }}>
        <p className="chart__empty">{emptyText}</p>
      </div>
    );
  }

  const last = points.length - 1;
  const shown = cursor ?? last;
  const shownPoint = points[shown] ?? points[last];
  const numbers = series.map((_, index) => points.map((point) => Number(point.values[index] ?? '0')));
  const { domain, ticks } = niceScale(numbers.flat());
  const x = xPercent(shown, points.length);
  const rows = tableRowIndexes(points.map((point) => point.date));

  const moveTo = (index: number, announce: boolean) => {
    const next = Math.min(last, Math.max(0, index));
    setCursor(next);
    const point = points[next];
    // the slider's value text says the date; the live region adds the figures of that date
    if (announce && point !== undefined) setAnnouncement(pointText(series, point));
  };

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    moveTo(indexAt(box.width === 0 ? 1 : (event.clientX - box.left) / box.width, points.length), false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[event.key];
    let next: number | null = null;
    if (step !== undefined) next = shown + step;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'PageUp' || event.key === 'PageDown') {
      next = shown + (event.key === 'PageUp' ? 1 : -1) * Math.max(1, Math.round(points.length / 10));
    }
    if (next === null) return;
    event.preventDefault();
    moveTo(next, true);
  };

  return (
    <div className="chart">
      <div className="chart__body" style={{ height }}>
        <p className="chart__summary" id={ids.summary} style={{ height: chartRows.summary }}>
          {summary}
        </p>
        <ul className="chart__legend" style={{ height: chartRows.legend }}>
          {series.map((one) => (
            <li key={one.label} className={`chart__legend-item chart__legend-item--${one.style}`}>
              <LineSample style={one.style} />
              {one.label}
            </li>
          ))}
        </ul>
        {/* the readout sits above the plot: a finger on the plot never covers it */}
        <div
          className="chart__readout-band"
          aria-hidden="true"
          style={{ height: chartRows.readoutLine * (1 + series.length) }}
        >
          {shownPoint === undefined ? null : (
            <div className="chart__readout" style={{ left: `${x}%`, transform: `translateX(-${x}%)` }}>
              <span className="chart__readout-date">{formatDate(shownPoint.date)}</span>
              {series.map((one, index) => (
                <span key={one.label}>
                  {one.label} {one.format(shownPoint.values[index] ?? '0')}
                </span>
              ))}
            </div>
          )}
        </div>
        <div
          className="chart__plot"
          style={{ height: chartRows.plot }}
          role="slider"
          tabIndex={0}
          aria-label={`${title}のグラフ（←→キーで日付を移動）`}
          aria-describedby={ids.summary}
          aria-valuemin={0}
          aria-valuemax={last}
          aria-valuenow={shown}
          aria-valuetext={formatDate(shownPoint?.date ?? '')}
          onKeyDown={onKeyDown}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture?.(event.pointerId);
            fromPointer(event);
          }}
          onPointerMove={(event) => {
            // a mouse follows the hover; a finger or pen scrubs while it touches
            if (event.pointerType === 'mouse' || event.buttons !== 0) fromPointer(event);
          }}
        >
          <svg
            className="chart__svg"
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            {ticks.map((tick) => {
              const y = 100 - yPercent(tick.value, domain);
              return <line key={tick.value} x1="0" x2="100" y1={y} y2={y} className="chart__grid" />;
            })}
            {area ? <path d={areaPath(numbers[0] ?? [], domain)} className="chart__area" /> : null}
            {series.map((one, index) => (
              <path
                key={one.label}
                d={linePath(numbers[index] ?? [], domain)}
                className={`chart__line chart__line--${one.style}`}
              />
            ))}
            {cursor === null ? null : <line x1={x} x2={x} y1="0" y2="100" className="chart__cursor" />}
          </svg>
          {series.map((one, index) =>
            cursor === null && points.length > 1 ? null : (
              <span
                key={one.label}
                className={`chart__dot chart__dot--${one.style}`}
                aria-hidden="true"
                style={{ left: `${x}%`, bottom: `${yPercent(numbers[index]?.[shown] ?? 0, domain)}%` }}
              />
            ),
          )}
          <div className="chart__y-axis" aria-hidden="true">
            {ticks.map((tick) => (
              <span
                key={tick.value}
                className="chart__y-tick"
                style={{ bottom: `${yPercent(tick.value, domain)}%` }}
              >
                {tick.label}
              </span>
            ))}
          </div>
        </div>
        <div className="chart__x-axis" aria-hidden="true" style={{ height: chartRows.axis }}>
          {dateTicks(points.map((point) => point.date)).map(({ index, label }) => {
            const left = xPercent(index, points.length);
            return (
              <span
                key={index}
                className="chart__x-tick"
                style={{ left: `${left}%`, transform: `translateX(-${left}%)` }}
              >
                {label}
              </span>
            );
          })}
        </div>
        <div className="chart__actions" style={{ height: chartRows.toggle }}>
          <button
            type="button"
            className="chart__toggle"
            aria-expanded={tableShown}
            aria-controls={ids.table}
            onClick={() => setTableShown((value) => !value)}
          >
            {tableShown ? '表を閉じる' : '表で見る'}
          </button>
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div id={ids.table} className="chart__table-wrap" hidden={!tableShown}>
        {tableShown ? (
          <table className="chart__table">
            <caption>
              {title}
              {rows.thinned ? '（各月末の値）' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">日付</th>
                {series.map((one) => (
                  <th key={one.label} scope="col">
                    {one.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.indexes.map((index) => {
                const point = points[index];
                if (point === undefined) return null;
                return (
                  <tr key={point.date}>
                    <th scope="row">{formatDate(point.date)}</th>
                    {series.map((one, column) => (
                      <td key={one.label}>{one.format(point.values[column] ?? '0')}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
      </div>
    </div>
  );
}
