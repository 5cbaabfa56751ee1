import { ApiError } from '../../lib/api/api-client';
import type { CardLinkFailure } from './card-link-state';

/** The failure page's reason for an answer of the link calls (decision 018: 400-503 = maintenance). */
export function failureOf(error: unknown): CardLinkFailure {
  return error instanceof ApiError && error.code === '400-503' ? 'maintenance' : 'failed';
}

/** Whether the card issuer said its multi-factor step was not passed (400-111). */
export function isMfaNotCompleted(error: unknown): boolean {
  return error instanceof ApiError && error.code === '400-111';
}
