import { fillPath, OperatorConsolePath } from '@fund/contracts/paths';
import type { OperatorAuditTrail, OperatorCustomer, OperatorCustomerSearch } from '@fund/contracts';
import { env } from '../../config/env';
import { createApiClient } from '../../lib/api/api-client';
import { getOperatorAccessToken } from '../auth/operator-session';

/**
 * The console's own calls (decision 024) with the operator's token and no act-as header: they are about
 * the operator, not a customer it acts for.
 */
export const consoleApi = createApiClient({
  baseUrl: env.productApiBaseUrl,
  getAccessToken: getOperatorAccessToken,
});

export interface CustomerSearchInput {
  readonly accountNumber: string;
  readonly nameKana: string;
}

export function searchCustomers(input: CustomerSearchInput): Promise<OperatorCustomerSearch> {
  // a 400 names the rule the criteria broke: shown at the search, not as a toast
  return consoleApi.get(OperatorConsolePath.customers, {
    query: { accountNumber: input.accountNumber.trim(), nameKana: input.nameKana.trim() },
    passThrough: ['400-000'],
  });
}

/** The customer the operator opens (403 for one of another branch, passed through to the screen). */
export function openCustomer(accountNumber: string): Promise<OperatorCustomer> {
  return consoleApi.get(fillPath(OperatorConsolePath.customer, { accountNumber }), {
    passThrough: ['403-000'],
  });
}

export function auditTrail(before?: string): Promise<OperatorAuditTrail> {
  return consoleApi.get(OperatorConsolePath.auditTrail, { query: { before, limit: 50 } });
}
