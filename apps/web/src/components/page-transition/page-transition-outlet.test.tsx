import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageTransitionOutlet } from './page-transition-outlet';

function setReducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}

function PageA() {
  return <h1 tabIndex={-1}>ページA</h1>;
}

function PageB() {
  return (
    <>
      <h1 tabIndex={-1}>ページB</h1>
      <p id="section">セクション</p>
    </>
  );
}

function renderPages() {
  const router = createMemoryRouter([
    {
      Component: PageTransitionOutlet,
      children: [
        { path: '/', Component: PageA },
        { path: '/b', Component: PageB },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  const container = () => screen.getByRole('heading', { level: 1 }).parentElement;
  return { router, container };
}

let transitionStyle: HTMLStyleElement;

beforeEach(() => {
  // the component reads the durations from CSS, as it does in the browser
  transitionStyle = document.createElement('style');
  transitionStyle.textContent = '.page-enter-active, .page-leave-active { transition-duration: 100ms; }';
  document.head.append(transitionStyle);
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
  window.scrollTo = vi.fn();
});

afterEach(() => {
  transitionStyle.remove();
  vi.useRealTimers();
});

describe('PageTransitionOutlet', () => {
  it('lets the old page leave completely before the new page enters (out-in)', async () => {
    setReducedMotion(false);
    const { router, container } = renderPages();
    expect(container()).toHaveAttribute('data-page-transition', 'idle');

    await act(() => router.navigate('/b'));

    // the old page is still there, leaving, and cannot be used any more
    expect(screen.getByRole('heading', { level: 1, name: 'ページA', hidden: true })).toBeInTheDocument();
    expect(screen.queryByText('ページB')).not.toBeInTheDocument();
    const leaving = screen.getByText('ページA').parentElement;
    expect(leaving).toHaveClass('page', 'page-leave-active', 'page-leave-to');
    expect(leaving).toHaveAttribute('inert');

    act(() => vi.advanceTimersByTime(99));
    expect(screen.getByText('ページA')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('ページA')).not.toBeInTheDocument();
    expect(container()).toHaveClass('page-enter-active', 'page-enter-from');
    expect(screen.getByRole('heading', { level: 1, name: 'ページB' })).toHaveFocus();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);

    act(() => {
      vi.advanceTimersToNextFrame();
      vi.advanceTimersToNextFrame();
    });
    expect(container()).toHaveClass('page-enter-active', 'page-enter-to');
    expect(container()).not.toHaveClass('page-enter-from');

    act(() => vi.advanceTimersByTime(100));
    expect(container()).toHaveAttribute('data-page-transition', 'idle');
    expect(container()).toHaveClass('page');
    expect(container()).not.toHaveClass('page-enter-active');
  });

  it('replaces the page at once under prefers-reduced-motion: reduce', async () => {
    setReducedMotion(true);
    const { router, container } = renderPages();

    await act(() => router.navigate('/b'));

    expect(screen.queryByText('ページA')).not.toBeInTheDocument();
    expect(container()).toHaveAttribute('data-page-transition', 'idle');
    expect(screen.getByRole('heading', { level: 1, name: 'ページB' })).toHaveFocus();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('does not treat a query change on the same page as a new page', async () => {
    setReducedMotion(false);
    const { router, container } = renderPages();
    const heading = screen.getByRole('heading', { level: 1, name: 'ページA' });

    await act(() => router.navigate('/?modal=help'));

    expect(container()).toHaveAttribute('data-page-transition', 'idle');
    expect(screen.getByRole('heading', { level: 1, name: 'ページA' })).toBe(heading);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the element a hash names instead of the top', async () => {
    setReducedMotion(true);
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    const { router } = renderPages();

    await act(() => router.navigate('/b#section'));

    expect(scrolled).toEqual([screen.getByText('セクション')]);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('leaves focus and scroll to the browser on the page the app was opened at', () => {
    setReducedMotion(false);
    renderPages();
    expect(screen.getByRole('heading', { level: 1, name: 'ページA' })).not.toHaveFocus();
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});
