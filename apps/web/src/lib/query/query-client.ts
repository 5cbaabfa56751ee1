import { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query defaults. Retries are off because the API client applies the spec's own retry policy
 * (§7: some statuses once for reads, never for writes); retrying here as well would multiply calls.
 * Refetch on focus is off: a phone switching apps would otherwise refetch every screen each time.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
