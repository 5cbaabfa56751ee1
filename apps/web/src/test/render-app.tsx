import { render } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { App } from '../app/app';
import { createRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query/query-client';

/** The whole app (same route objects as production) on a memory router at `entry`. */
export function renderApp(entry: InitialEntry) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [entry] });
  const view = render(<App router={router} queryClient={createQueryClient()} />);
  return { router, ...view };
}
