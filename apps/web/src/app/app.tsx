import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

export interface AppProps {
  readonly router: DataRouter;
  readonly queryClient: QueryClient;
}

/** The providers around the router; the modal, toast and busy hosts live in the root route (root-shell). */
export function App({ router, queryClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
