import { env } from '../../config/env';
import { getValidAccessToken } from '../auth/access-token';
import { getActAsUserId } from './act-as';
import { createApiClient } from './api-client';

// One client per service base URL (spec §7; architecture.md §1: each service can be deployed apart).
// The operator's act-as header goes to the customer-data services, not to the identity service, whose
// calls are about the signed-in person.

export const productApi = createApiClient({
  baseUrl: env.productApiBaseUrl,
  getAccessToken: getValidAccessToken,
  getActAsUserId,
});

export const accountApi = createApiClient({
  baseUrl: env.accountApiBaseUrl,
  getAccessToken: getValidAccessToken,
  getActAsUserId,
});

export const balanceApi = createApiClient({
  baseUrl: env.balanceApiBaseUrl,
  getAccessToken: getValidAccessToken,
  getActAsUserId,
});

/** Spec §7: identity-service calls include credentials (its session cookie). */
export const identityApi = createApiClient({
  baseUrl: env.identityApiBaseUrl,
  getAccessToken: getValidAccessToken,
  credentials: 'include',
});
