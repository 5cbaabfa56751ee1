import { errorBodySchema } from '@fund/contracts';
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../../errors/app-error.ts';
import type { CredentialsRateLimits } from './credentials-rate-limits.ts';
import type { CredentialsService } from './credentials.service.ts';

/** What the account routes of /auth/v1 share: the service, the rate limits, the OpenAPI tags and errors. */

export interface CredentialsRoutesOptions {
  readonly service: CredentialsService;
  readonly limits: CredentialsRateLimits;
}

export const tags = ['identity'];
export const errors = { 400: errorBodySchema, 429: errorBodySchema };
export const signedInErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export function customerOf(request: FastifyRequest): { customerId: string; accountNumber: string } {
  if (request.customer === null) throw new UnauthorizedError();
  return request.customer;
}
