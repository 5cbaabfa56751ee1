import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationProgress, PROGRESS_DELAY_MS } from './navigation-progress';

/** A page whose loader answers only when the test says so: a navigation that stays pending. */
function renderWithSlowPage() {
  let answer: () => void = () => undefined;
  const router = createMemoryRouter([
    {
      element: (
        <>
          <NavigationProgress />
          <Outlet />
        </>
      ),
      children: [
        { path: '/', element: <p>first page</p> },
        {
          path: '/slow',
          loader: () => new Promise<null>((resolve) => (answer = () => resolve(null))),
          element: <p>slow page</p>,
        },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return { router, answer: () => answer() };
}

const progress = () => screen.queryByRole('progressbar', { name: 'ページを読み込んでいます' });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('navigation progress', () => {
  it('appears after the delay while the next page loads, over the page still shown, and goes when it lands', async () => {
    const { router, answer } = renderWithSlowPage();
    act(() => void router.navigate('/slow'));
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS - 1));
    expect(progress()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(progress()).toBeInTheDocument();
    // pending UI: the old page stays until the new one's data is there
    expect(screen.getByText('first page')).toBeInTheDocument();

    await act(async () => answer());

    expect(screen.getByText('slow page')).toBeInTheDocument();
    expect(progress()).toBeNull();
  });

  it('never shows for a navigation quicker than the delay', async () => {
    const { router, answer } = renderWithSlowPage();
    act(() => void router.navigate('/slow'));
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS - 50));
    await act(async () => answer());
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS * 2));
    expect(screen.getByText('slow page')).toBeInTheDocument();
    expect(progress()).toBeNull();
  });

  it('waits the delay again for the next navigation', async () => {
    const { router, answer } = renderWithSlowPage();
    act(() => void router.navigate('/slow'));
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS));
    await act(async () => answer());
    act(() => void router.navigate('/'));
    await act(async () => undefined);
    act(() => void router.navigate('/slow'));
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS - 1));
    expect(progress()).toBeNull();
  });
});
