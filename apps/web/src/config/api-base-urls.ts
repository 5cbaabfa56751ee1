import { baseUrl, text } from './setting-parsers';

/** Base URLs of the data services the app calls (spec §7), each configurable so they can be split later. */
export interface ApiBaseUrls {
  readonly productApiBaseUrl: string;
  readonly accountApiBaseUrl: string;
  readonly balanceApiBaseUrl: string;
}

export function parseApiBaseUrls(raw: ImportMetaEnv, origin: string): ApiBaseUrls {
  return {
    productApiBaseUrl: baseUrl('VITE_PRODUCT_API_URL', text(raw.VITE_PRODUCT_API_URL, '/'), origin),
    accountApiBaseUrl: baseUrl('VITE_ACCOUNT_API_URL', text(raw.VITE_ACCOUNT_API_URL, '/'), origin),
    balanceApiBaseUrl: baseUrl('VITE_BALANCE_API_URL', text(raw.VITE_BALANCE_API_URL, '/balance'), origin),
  };
}

/** The base URLs read by the first screen's early calls, a bundle of their own (decision 030). */
export function readApiBaseUrls(): ApiBaseUrls {
  return parseApiBaseUrls(import.meta.env, window.location.origin);
}
