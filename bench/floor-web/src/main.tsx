// The floor of performance.md: React + React Router + TanStack Query saying hello, built with the same
// Vite as the product, so the product's first-screen JavaScript is measured against it in the same run.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

const router = createBrowserRouter([{ path: '/', Component: () => <h1>hello</h1> }]);
const queryClient = new QueryClient();

createRoot(document.getElementById('root') as HTMLElement).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
