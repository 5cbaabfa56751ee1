import {
  errorBodySchema,
  informationDetailSchema,
  informationIdParamsSchema,
  informationReadSchema,
  InformationsPath,
  informationsQuerySchema,
  informationsSchema,
} from '@fund/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthorizedError } from '../../errors/app-error.ts';
import { InformationsService } from './informations.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

function customerIdOf(request: FastifyRequest): string {
  // requireCustomer() has run: only a verified customer token reaches a handler
  if (request.customer === null) throw new UnauthorizedError();
  return request.customer.customerId;
}

/**
 * お知らせ of the product API (spec §2 /notifications, §7): the customer's published notices (for every
 * customer or for this one), one notice with its rich-text body, and marking one read. Reads need a
 * customer token, marking read needs `user.write`; another customer's notice answers 404.
 */
export const informationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new InformationsService(app.db.db, () => app.clock.now());
  const read = app.requireCustomer();
  const write = app.requireCustomer(['user.write']);

  app.get(
    InformationsPath.list,
    {
      onRequest: read,
      schema: {
        summary: 'The customer’s published notices, newest first, with read flags, paged',
        tags: ['informations'],
        querystring: informationsQuerySchema,
        response: { 200: informationsSchema, ...errors },
      },
    },
    async (request) => service.list(customerIdOf(request), request.query),
  );

  app.get(
    InformationsPath.detail,
    {
      onRequest: read,
      schema: {
        summary: 'One notice with its rich-text body (HTML, to be sanitised by the client)',
        tags: ['informations'],
        params: informationIdParamsSchema,
        response: { 200: informationDetailSchema, ...errors },
      },
    },
    async (request) => service.detail(customerIdOf(request), request.params.id),
  );

  app.put(
    InformationsPath.read,
    {
      onRequest: write,
      schema: {
        summary: 'Marks a notice read (idempotent); answers the unread counts after it',
        tags: ['informations'],
        params: informationIdParamsSchema,
        response: { 200: informationReadSchema, ...errors },
      },
    },
    async (request) => service.markRead(customerIdOf(request), request.params.id),
  );
};
