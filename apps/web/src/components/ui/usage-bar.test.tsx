import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsageBar } from '.';

function widths(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLElement>('.ui-usage-bar__segment'), (segment) => ({
    left: segment.style.left,
    width: segment.style.width,
    held: segment.classList.contains('ui-usage-bar__segment--held'),
  }));
}

describe('UsageBar', () => {
  it('draws used and held parts of a limit one after the other, in integer per-mille', () => {
    // 330,000 of 1,200,000 = 275‰, then 50,000 held = 41‰ (41.66… rounded down)
    const { container } = render(
      <UsageBar
        max="1200000"
        segments={[
          { value: '330000', tone: 'used' },
          { value: 50_000n, tone: 'held' },
        ]}
      />,
    );
    expect(widths(container)).toEqual([
      { left: '0%', width: '27.5%', held: false },
      { left: '27.5%', width: '4.1%', held: true },
    ]);
  });

  it('never overflows the bar when the parts exceed the limit', () => {
    const { container } = render(
      <UsageBar
        max="2400000"
        segments={[
          { value: '2000000', tone: 'used' },
          { value: '1000000', tone: 'held' },
        ]}
      />,
    );
    expect(widths(container)[1]).toEqual({ left: '83.3%', width: '16.7%', held: true });
  });

  it('is hidden from screen readers: the figures are written beside it', () => {
    const { container } = render(<UsageBar max="0" segments={[{ value: '5', tone: 'used' }]} />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(widths(container)[0]?.width).toBe('0%');
  });
});
