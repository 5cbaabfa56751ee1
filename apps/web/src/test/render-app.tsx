import { render } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { App } from '../app/app';
import { createRoutes } from '../app/routes';
import { seedSignedInSession } from '../lib/auth/test/fake-session';
import { createQueryClient } from '../lib/query/query-client';

/**
 * The whole app (same route objects as production) on a memory router at `entry`, signed in as an
 * ordinary open account; the API is the tests' MSW server (test/msw).
 */
export function renderApp(entry: InitialEntry) {
  seedSignedInSession();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [entry] });
  const view = render(<App router={router} queryClient={queryClient} />);
  return { router, ...view };
}
