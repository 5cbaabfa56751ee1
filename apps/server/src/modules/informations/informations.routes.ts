import {
  errorBodySchema,
  informationDetailSchema,
  informationIdParamsSchema,
  informationReadSchema,
  InformationsPath,
  informationsQuerySchema,
  informationsSchema,
} from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InformationsService } from './informations.service.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

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
        operationId: 'listNotices',
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
        operationId: 'getNotice',
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
        operationId: 'markNoticeRead',
        summary: 'Marks a notice read (idempotent); answers the unread counts after it',
        tags: ['informations'],
        params: informationIdParamsSchema,
        response: { 200: informationReadSchema, ...errors },
      },
    },
    async (request) => service.markRead(customerIdOf(request), request.params.id),
  );
};
