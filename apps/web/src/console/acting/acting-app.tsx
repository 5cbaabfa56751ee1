import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ApiError, NetworkError } from '../../lib/api/api-client';
import { actingBasename } from '../console-paths';
import { actingScreens, type ActingScreen } from './acting-routes';
import { ActingShell, ActingUnavailablePage } from './acting-shell';
import { loadOpenedCustomer } from './opened-customer';

/**
 * A customer screen's loader: the customer's own page loader, once the customer is opened and only if the
 * operator may serve them. A failed call stays in its query for the page to show (decision 012).
 */
function screenLoader(queryClient: QueryClient, baasId: string, screen: ActingScreen) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const [opened, load] = await Promise.all([loadOpenedCustomer(queryClient, baasId), screen.load?.()]);
    if (opened.kind !== 'opened' || load === undefined) return null;
    try {
      await load({
        queryClient,
        params,
        url: new URL(request.url),
        accountRole: () => Promise.resolve(opened.customer.accountRole),
      });
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof NetworkError)) throw error;
    }
    return null;
  };
}

export function actingRoutes(queryClient: QueryClient, baasId: string): RouteObject[] {
  return [
    {
      id: 'acting',
      element: <ActingShell baasId={baasId} />,
      loader: async () => {
        await loadOpenedCustomer(queryClient, baasId);
        return null;
      },
      HydrateFallback: () => null,
      children: [
        ...actingScreens.map((screen): RouteObject => ({
          path: screen.path,
          lazy: { Component: async () => (await screen.page()).Component },
          loader: screenLoader(queryClient, baasId, screen),
        })),
        { path: '*', Component: ActingUnavailablePage },
      ],
    },
  ];
}

/** The acting screens' router: the customer's paths below `/admin/customers/<baasId>` (spec §2 baasId). */
export function createActingRouter(queryClient: QueryClient, baasId: string) {
  return createBrowserRouter(actingRoutes(queryClient, baasId), { basename: actingBasename(baasId) });
}
