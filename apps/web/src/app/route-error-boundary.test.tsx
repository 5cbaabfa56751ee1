import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { MaintenanceError } from '../lib/errors/maintenance-error';
import { RedirectError } from '../lib/errors/redirect-error';
import { RouteErrorBoundary } from './route-error-boundary';

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
    expect(await screen.findByRole('heading', { level: 1, name: 'No service now' })).toBeInTheDocument();
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
