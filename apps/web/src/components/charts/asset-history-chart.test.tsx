import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AssetHistoryChart, type AssetHistoryPoint } from './asset-history-chart';

const points: AssetHistoryPoint[] = [
  { date: '2026-03-02', value: '1000000', cost: '1000000' },
  { date: '2026-03-03', value: '1012345', cost: '1000000' },
  { date: '2026-03-04', value: '1150000', cost: '1100000' },
  { date: '2026-03-05', value: '1234567', cost: '1100000' },
];

const chart = () => screen.getByRole('slider', { name: /評価額と投資元本の推移のグラフ/ });
const liveRegion = () => document.querySelector('[aria-live="polite"]');

describe('AssetHistoryChart', () => {
  it('sums the period up in one line: 評価額 and 評価損益 = 評価額 − 投資元本 with its rate on 投資元本', () => {
    render(<AssetHistoryChart points={points} />);
    // 1,234,567 − 1,100,000 = 134,567; ÷ 1,100,000 = 12.233…% → +12.23%
    const summary = screen.getByText(
      '2026年3月2日〜2026年3月5日：評価額 1,234,567円、評価損益 +134,567円 (+12.23%)',
    );
    expect(chart()).toHaveAttribute('aria-describedby', summary.id);
  });

  it('names both series in a legend of words, drawn in different line styles', () => {
    const { container } = render(<AssetHistoryChart points={points} />);
    const legend = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(legend).toEqual(['評価額', '投資元本']);
    expect(container.querySelectorAll('.chart__svg .chart__line--solid')).toHaveLength(1);
    expect(container.querySelectorAll('.chart__svg .chart__line--dashed')).toHaveLength(1);
  });

  it('shows the figures as a table on 表で見る: dates as row headers, yen from the API strings', async () => {
    const user = userEvent.setup();
    render(<AssetHistoryChart points={points} />);
    const toggle = screen.getByRole('button', { name: '表で見る' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('表を閉じる');
    const table = screen.getByRole('table', { name: '評価額と投資元本の推移' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['日付', '評価額', '投資元本']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026年3月2日1,000,000円1,000,000円',
      '2026年3月3日1,012,345円1,000,000円',
      '2026年3月4日1,150,000円1,100,000円',
      '2026年3月5日1,234,567円1,100,000円',
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveAttribute('scope', 'row');
  });

  it('thins a long series to month ends, at most 60 rows, the latest always shown', async () => {
    const user = userEvent.setup();
    // every day of 2021-01-01 … 2026-03-05: over five years, 63 month ends
    const long: AssetHistoryPoint[] = [];
    for (let day = Date.UTC(2021, 0, 1); day <= Date.UTC(2026, 2, 5); day += 86_400_000) {
      long.push({ date: new Date(day).toISOString().slice(0, 10), value: '1000', cost: '900' });
    }
    render(<AssetHistoryChart points={long} />);
    await user.click(screen.getByRole('button', { name: '表で見る' }));
    const table = screen.getByRole('table', { name: '評価額と投資元本の推移（各月末の値）' });
    const dates = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(dates.length).toBeLessThanOrEqual(60);
    expect(dates.length).toBeGreaterThan(20);
    expect(dates.at(-1)).toBe('2026年3月5日');
    expect(dates.at(-2)).toBe('2026年1月31日');
  });

  it('moves the cursor with ←, →, Home and End and announces the point', async () => {
    const user = userEvent.setup();
    render(<AssetHistoryChart points={points} />);
    await user.tab();
    expect(chart()).toHaveFocus();
    expect(chart()).toHaveAttribute('aria-valuetext', '2026年3月5日');

    await user.keyboard('{ArrowLeft}');
    expect(chart()).toHaveAttribute('aria-valuenow', '2');
    expect(chart()).toHaveAttribute('aria-valuetext', '2026年3月4日');
    expect(liveRegion()).toHaveTextContent('評価額 1,150,000円、投資元本 1,100,000円');

    await user.keyboard('{Home}');
    expect(chart()).toHaveAttribute('aria-valuetext', '2026年3月2日');
    expect(liveRegion()).toHaveTextContent('評価額 1,000,000円、投資元本 1,000,000円');
    // the cursor stops at the ends
    await user.keyboard('{ArrowLeft}');
    expect(chart()).toHaveAttribute('aria-valuenow', '0');

    await user.keyboard('{End}{ArrowRight}');
    expect(chart()).toHaveAttribute('aria-valuenow', '3');
    expect(liveRegion()).toHaveTextContent('評価額 1,234,567円、投資元本 1,100,000円');
  });

  it('a tap on the plot moves the cursor to the nearest date and shows it above the plot', () => {
    const { container } = render(<AssetHistoryChart points={points} />);
    const plot = chart();
    plot.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 160 });
    // 110 px of 300 is a third of the way: the second point (index 1)
    plot.dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true, clientX: 110, pointerId: 1, pointerType: 'touch' }),
    );
    return Promise.resolve().then(() => {
      expect(plot).toHaveAttribute('aria-valuenow', '1');
      const readout = container.querySelector('.chart__readout');
      expect(readout).toHaveTextContent('2026年3月3日評価額 1,012,345円投資元本 1,000,000円');
      // the readout is above the plot in the document's flow, not inside it under the finger
      expect(plot.contains(readout)).toBe(false);
    });
  });

  it('says clearly that there is nothing to show for an empty series', () => {
    render(<AssetHistoryChart points={[]} />);
    expect(screen.getByText(/この期間の資産の記録はまだありません/)).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '表で見る' })).not.toBeInTheDocument();
  });

  it('draws a single point: its date as the period, one table row, the cursor fixed on it', async () => {
    const user = userEvent.setup();
    render(<AssetHistoryChart points={[{ date: '2026-03-05', value: '50000', cost: '50000' }]} />);
    expect(screen.getByText('2026年3月5日：評価額 50,000円、評価損益 0円 (0.00%)')).toBeInTheDocument();
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(chart()).toHaveAttribute('aria-valuenow', '0');
    await user.click(screen.getByRole('button', { name: '表で見る' }));
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['2026年3月5日']);
  });

  it("takes the screen's own summary when it gives one", () => {
    render(<AssetHistoryChart points={points} summary="1年で +234,567円 (+23.46%)" />);
    expect(screen.getByText('1年で +234,567円 (+23.46%)')).toBeInTheDocument();
  });
});
