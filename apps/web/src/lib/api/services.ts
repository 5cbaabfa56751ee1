import { env } from '../../config/env';
import { getValidAccessToken } from '../auth/access-token';
import { getActedForCustomer } from './act-as';
import { createApiClient } from './api-client';

let accessTokenSource: () => Promise<string> = getValidAccessToken;

/**
 * The admin build calls the customer's services with the operator's token (decision 024); set once at
 * its start, before any call. The customer app keeps the customer's token.
 */
export function setAccessTokenSource(source: () => Promise<string>): void {
  accessTokenSource = source;
}

const accessToken = () => accessTokenSource();

// One client per service base URL (spec §7; architecture.md §1: each service can be deployed apart).
// The operator's act-as header goes to the customer-data services, not to the identity service, whose
// calls are about the signed-in person.

export const productApi = createApiClient({
  baseUrl: env.productApiBaseUrl,
  getAccessToken: accessToken,
  getActedForCustomer,
});

export const accountApi = createApiClient({
  baseUrl: env.accountApiBaseUrl,
  getAccessToken: accessToken,
  getActedForCustomer,
});

export const balanceApi = createApiClient({
  baseUrl: env.balanceApiBaseUrl,
  getAccessToken: accessToken,
  getActedForCustomer,
});

/** Spec §7: identity-service calls include credentials (its session cookie). */
export const identityApi = createApiClient({
  baseUrl: env.identityApiBaseUrl,
  getAccessToken: getValidAccessToken,
  credentials: 'include',
});
