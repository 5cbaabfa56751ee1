import { ApiError } from '../../../lib/api/api-client';

/** The spec §8 code of a failed call (`400-100`, …), or undefined when it got no error body answer. */
export function apiErrorCodeOf(error: Error | null): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
