import { useQuery } from '@tanstack/react-query';
import { hasValidStoredAccessToken, tryGetValidAccessToken } from './access-token';

/**
 * Whether there is a session, asked without leaving the page (no sign-in redirect), for the pages that
 * skip the sign-in check (spec §2) and still show more to a signed-in customer. A valid stored token
 * answers at once, so a signed-in customer never sees the signed-out frame first; otherwise a refresh
 * decides. The layout and the page share the one answer.
 */
export function useSignedIn() {
  return useQuery({
    queryKey: ['session', 'signedIn'] as const,
    queryFn: async () => (await tryGetValidAccessToken()) !== null,
    initialData: () => (hasValidStoredAccessToken() ? true : undefined),
    staleTime: 0,
  });
}
