import type { OperatorCustomer } from '@fund/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/api-client';
import { openCustomer } from '../api/console-api';

/** The customer the operator acts for, or why not: refused (another branch, unknown) or not loaded. */
export type OpenedCustomer =
  | { readonly kind: 'opened'; readonly customer: OperatorCustomer }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'failed' };

/**
 * Opens the customer once per page (audited on the server): the banner's name, and the gate of the
 * customer's screens, whose calls are made only for a customer the operator may serve.
 */
export function openedCustomerQuery(baasId: string) {
  return queryOptions({
    queryKey: ['console', 'openedCustomer', baasId] as const,
    staleTime: Infinity,
    queryFn: async (): Promise<OpenedCustomer> => {
      try {
        return { kind: 'opened', customer: await openCustomer(baasId) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 403)
          return { kind: 'refused', message: error.detail };
        return { kind: 'failed' };
      }
    },
  });
}

export function loadOpenedCustomer(queryClient: QueryClient, baasId: string): Promise<OpenedCustomer> {
  return queryClient.ensureQueryData(openedCustomerQuery(baasId));
}
