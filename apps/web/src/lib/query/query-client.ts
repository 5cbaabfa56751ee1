import { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query defaults. Retries are off because the API client applies the spec's own retry policy
 * (§7: some statuses once for reads, never for writes); retrying here as well would multiply calls.
 * Refetch on focus is off: a phone switching apps would otherwise refetch every screen each time. A query
 * that failed in a route loader is not fetched again when its page mounts (retryOnMount): the page shows
 * the error with a retry button, and the customer does not get the same error toast twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, retryOnMount: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
