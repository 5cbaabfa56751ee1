import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MaintenanceError } from '../lib/errors/maintenance-error';
import { RedirectError } from '../lib/errors/redirect-error';
import { reloadPage } from '../lib/navigation/external';
import type * as ExternalModule from '../lib/navigation/external';
import { RouteErrorBoundary } from './route-error-boundary';

vi.mock('../lib/navigation/external', async (importOriginal) => ({
  ...(await importOriginal<typeof ExternalModule>()),
  reloadPage: vi.fn(),
}));

function renderFailingRoute(error: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      ErrorBoundary: RouteErrorBoundary,
      loader: () => {
        throw error;
      },
      Component: () => <h1>表示されないページ</h1>,
      HydrateFallback: () => null,
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('the router error element (spec §8)', () => {
  it('shows the redirect page for the redirect marker', async () => {
    renderFailingRoute(new RedirectError());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'リダイレクトしています' }),
    ).toBeInTheDocument();
  });

  it('shows the maintenance page for the maintenance marker, also on a plain Error carrying it', async () => {
    renderFailingRoute(new Error('MAINTENANCE_ERROR'));
    expect(await screen.findByText('現在メンテナンス中です')).toBeInTheDocument();
  });

  it('shows the maintenance page for a MaintenanceError', async () => {
    renderFailingRoute(new MaintenanceError());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ただいまメンテナンス中です' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('投資信託 オンラインサービス');
  });

  it.each([new Error('boom'), 'a string', { status: 500 }])(
    'shows the not-found page for any other error (%s)',
    async (error) => {
      renderFailingRoute(error);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'トップページへ' })).toHaveAttribute('href', '/');
    },
  );
});

describe('chunk-load errors reload the page, guarded against loops (spec §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-04-01T00:00:00Z'), shouldAdvanceTime: true });
    sessionStorage.clear();
    vi.mocked(reloadPage).mockClear();
  });

  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  const chunkErrors = [
    'Failed to fetch dynamically imported module: https://app.example.test/static/home-page-abc.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: https://app.example.test/static/home-page-abc.js',
    'Unable to preload CSS for /static/home-page-abc.css',
  ];

  it.each(chunkErrors)('reloads once for "%s" and shows no error page meanwhile', async (message) => {
    renderFailingRoute(new TypeError(message));
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows the error instead of reloading again within 10 s', async () => {
    renderFailingRoute(new TypeError('Importing a module script failed.'));
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    cleanup();
    vi.advanceTimersByTime(9_000);
    renderFailingRoute(new TypeError('Importing a module script failed.'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('reloads again after 10 s', async () => {
    renderFailingRoute(new TypeError('Importing a module script failed.'));
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    cleanup();
    vi.advanceTimersByTime(10_000);
    renderFailingRoute(new TypeError('Importing a module script failed.'));
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(2));
  });

  it('does not reload for other errors', async () => {
    renderFailingRoute(new Error('boom'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
