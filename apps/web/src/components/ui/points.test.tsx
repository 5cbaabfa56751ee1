import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrivacyStore } from '../../lib/privacy/privacy-store';
import { Points } from './points';

afterEach(() => act(() => usePrivacyStore.getState().setAmountsHidden(false)));

describe('Points', () => {
  it('shows a point balance with grouped digits', () => {
    render(<Points value="1234567" />);
    expect(screen.getByText('1,234,567ポイント')).toBeInTheDocument();
  });

  it('is masked while the privacy toggle hides amounts, and says so to screen readers', () => {
    act(() => usePrivacyStore.getState().setAmountsHidden(true));
    render(<Points value="1234567" />);
    expect(screen.queryByText(/1,234,567/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: '非表示' })).toHaveTextContent('＊＊＊＊ポイント');
  });
});
