import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NavChart, type NavPoint } from './nav-chart';

const navs: NavPoint[] = [
  { date: '2026-03-02', nav: '10000' },
  { date: '2026-03-03', nav: '10123' },
  { date: '2026-03-04', nav: '9876' },
];

const chart = () => screen.getByRole('slider', { name: /ひふみ投信の基準価額の推移/ });

describe('NavChart', () => {
  it('sums the period up: 基準価額 at both ends and the change with its rate, per 10,000 units', () => {
    render(<NavChart navs={navs} fundName="ひふみ投信" />);
    // 9,876 − 10,000 = −124; ÷ 10,000 = −1.24%
    expect(
      screen.getByText(
        '2026年3月2日〜2026年3月4日：基準価額 10,000円 → 9,876円、−124円 (−1.24%)（1万口あたり）',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('基準価額');
  });

  it('lists every 基準日 in the table with the NAV right-aligned as 円', async () => {
    const user = userEvent.setup();
    render(<NavChart navs={navs} fundName="ひふみ投信" />);
    await user.click(screen.getByRole('button', { name: '表で見る' }));
    const table = screen.getByRole('table', { name: 'ひふみ投信の基準価額の推移（1万口あたり）' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026年3月2日10,000円',
      '2026年3月3日10,123円',
      '2026年3月4日9,876円',
    ]);
    expect(within(table).getAllByRole('columnheader')[1]).toHaveAttribute('scope', 'col');
  });

  it('moves the cursor with the arrow keys and announces the NAV of the date', async () => {
    const user = userEvent.setup();
    render(<NavChart navs={navs} fundName="ひふみ投信" />);
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(chart()).toHaveAttribute('aria-valuetext', '2026年3月3日');
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('基準価額 10,123円');
    await user.keyboard('{Home}');
    expect(chart()).toHaveAttribute('aria-valuetext', '2026年3月2日');
  });

  it('shows an empty state without a chart for a fund with no NAV yet', () => {
    render(<NavChart navs={[]} fundName="ひふみ投信" />);
    expect(screen.getByText('この期間の基準価額はまだありません。')).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });

  it('shows a single 基準日 with its NAV and no change', () => {
    render(<NavChart navs={[{ date: '2026-03-05', nav: '12345' }]} fundName="ひふみ投信" />);
    expect(screen.getByText('2026年3月5日：基準価額 12,345円（1万口あたり）')).toBeInTheDocument();
    expect(chart()).toHaveAttribute('aria-valuetext', '2026年3月5日');
  });
});
