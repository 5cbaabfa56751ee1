import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageRoutes } from '../app/routes';
import { env } from '../config/env';
import { isExcludedFromRootLoading } from '../features/root-loading/root-loading';
import { prefetchRootLoading } from '../features/root-loading/root-loading-calls';
import { buildUrl } from '../lib/api/request-url';
import { seedSignedInSession } from '../lib/auth/test/fake-session';
import { createQueryClient } from '../lib/query/query-client';
import { apiServer } from '../test/msw/server';
import { baseUrlOf, firstScreenCallsOf } from './first-screen-calls';

beforeEach(() => seedSignedInSession());
afterEach(() => apiServer.events.removeAllListeners());

/** What the app asks when `path` is its first screen: the root loading and the route's loader. */
async function askedByTheApp(path: string): Promise<string[]> {
  const asked: string[] = [];
  apiServer.events.on('request:start', ({ request }) => asked.push(request.url));
  const queryClient = createQueryClient();
  expect(isExcludedFromRootLoading(path)).toBe(false);
  prefetchRootLoading(queryClient);
  const route = pageRoutes.find((candidate) => candidate.path === path);
  const load = await route?.load?.();
  await load?.({
    queryClient,
    params: {},
    url: new URL(path, window.location.origin),
    accountRole: async () => 'ADULT',
  });
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return asked;
}

describe('the early calls are the first screen’s own (a drift would ask twice)', () => {
  it.each(['/', '/assets', '/assets/nisaBalance', '/trading'])(
    '%s: the app asks every URL listed for it',
    async (path) => {
      const listed = firstScreenCallsOf(path).map((call) =>
        buildUrl(baseUrlOf(call, env), call.path, call.query),
      );
      expect(listed.length).toBeGreaterThan(0);
      const asked = await askedByTheApp(path);
      for (const url of listed) expect(asked, url).toContain(url);
    },
  );
});
