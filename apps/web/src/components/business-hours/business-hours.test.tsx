import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BusinessHours } from './business-hours';

describe('BusinessHours', () => {
  it('shows the default title, the hours and the exclusions', () => {
    render(<BusinessHours />);
    expect(screen.getByRole('heading', { level: 3, name: '営業時間' })).toBeInTheDocument();
    expect(screen.getByText('9:00〜17:00')).toBeInTheDocument();
    expect(screen.getByText('土日・祝日・年末年始を除く')).toBeInTheDocument();
  });

  it('takes another title and heading level', () => {
    render(<BusinessHours title="受付時間" headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: '受付時間' })).toBeInTheDocument();
  });
});
