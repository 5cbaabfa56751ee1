import { render } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { App } from '../app/app';
import { createRoutes } from '../app/routes';
import { seedSignedInSession } from '../lib/auth/test/fake-session';
import { createQueryClient } from '../lib/query/query-client';
import { fakeRootLoadingApi } from './fake-root-loading-api';

/**
 * The whole app (same route objects as production) on a memory router at `entry`, signed in as an
 * ordinary open account whose root-loading calls the fake API answers.
 */
export function renderApp(entry: InitialEntry) {
  seedSignedInSession();
  fakeRootLoadingApi();
  const router = createMemoryRouter(createRoutes(), { initialEntries: [entry] });
  const view = render(<App router={router} queryClient={createQueryClient()} />);
  return { router, ...view };
}
