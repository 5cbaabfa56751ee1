import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../lib/store/ui-store';
import { TOAST_DURATION_MS, ToastHost } from './toast-host';

const showToast = (message: string) => act(() => useUiStore.getState().showToast(message));

describe('ToastHost', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the store toast in a polite live region that is there before any message', () => {
    render(<ToastHost />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    showToast('エラーが発生しました。');

    expect(region).toHaveTextContent('エラーが発生しました。');
  });

  it('is dismissed by its button', async () => {
    const user = userEvent.setup();
    render(<ToastHost />);
    showToast('通信エラー');

    await user.click(screen.getByRole('button', { name: '閉じる' }));

    expect(screen.queryByText('通信エラー')).not.toBeInTheDocument();
    expect(useUiStore.getState().toast).toBeNull();
  });

  it('hides itself after its display time', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    showToast('通信エラー');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('通信エラー')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('通信エラー')).not.toBeInTheDocument();
  });

  it('gives a newer toast its full display time', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    showToast('一つ目');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    showToast('二つ目');

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('二つ目')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    expect(screen.queryByText('二つ目')).not.toBeInTheDocument();
  });

  it('stays while focus is on it', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    showToast('通信エラー');
    act(() => screen.getByRole('button', { name: '閉じる' }).focus());

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(screen.getByText('通信エラー')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: '閉じる' }).blur());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('通信エラー')).not.toBeInTheDocument();
  });
});
