import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../errors/app-error.ts';

/**
 * The customer a handler serves: the token's customer, or the one an operator acts for (decision 009).
 * requireCustomer() has run before any handler, so only a verified token reaches here; the check keeps the
 * type honest.
 */
export function customerIdOf(request: FastifyRequest): string {
  if (request.customer === null) throw new UnauthorizedError();
  return request.customer.customerId;
}
