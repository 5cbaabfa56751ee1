import {
  errorBodySchema,
  fundCodeParamsSchema,
  fundDetailSchema,
  FundsPath,
  fundsResponseSchema,
  idempotencyKeyHeader,
  navsQuerySchema,
  navsResponseSchema,
  prospectusConfirmationResponseSchema,
} from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf, requestHashOf } from '../../idempotency/idempotency.ts';
import { FundsService } from './funds.service.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Funds API (issue 5): customer-only, like the rest of the product API. */
export const fundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new FundsService(app.db.db);
  const read = app.requireCustomer();
  const write = app.requireCustomer(['user.write']);

  app.get(
    FundsPath.funds,
    {
      onRequest: read,
      schema: {
        operationId: 'listFunds',
        summary: 'Funds with their latest NAV, 解約価額, day change, risk, NISA eligibility and lags',
        tags: ['funds'],
        response: { 200: fundsResponseSchema, ...errors },
      },
    },
    async () => service.list(app.clock.now()),
  );

  app.get(
    FundsPath.fund,
    {
      onRequest: read,
      schema: {
        operationId: 'getFund',
        summary: 'One fund with its current prospectus and whether the caller has confirmed it',
        tags: ['funds'],
        params: fundCodeParamsSchema,
        response: { 200: fundDetailSchema, ...errors },
      },
    },
    async (request) => service.detail(customerIdOf(request), app.clock.now(), request.params.code),
  );

  app.get(
    FundsPath.navs,
    {
      onRequest: read,
      schema: {
        operationId: 'listFundNavs',
        summary: 'NAV history between from and to (default: the last year; at most 3,700 days)',
        tags: ['funds'],
        params: fundCodeParamsSchema,
        querystring: navsQuerySchema,
        response: { 200: navsResponseSchema, ...errors },
      },
    },
    async (request) => service.navs(app.clock.now(), request.params.code, request.query),
  );

  app.post(
    FundsPath.prospectusConfirmations,
    {
      onRequest: write,
      schema: {
        operationId: 'confirmProspectus',
        summary: 'Confirms the fund’s current prospectus (Idempotency-Key required)',
        tags: ['funds'],
        params: fundCodeParamsSchema,
        headers: z.looseObject({ [idempotencyKeyHeader]: z.string().optional() }),
        response: {
          200: prospectusConfirmationResponseSchema,
          201: prospectusConfirmationResponseSchema,
          ...errors,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const customerId = customerIdOf(request);
      const answer = await service.confirm(
        {
          customerId,
          key,
          requestHash: requestHashOf(request.method, request.url.split('?')[0] ?? '', request.body ?? null),
        },
        app.clock.now(),
        request.params.code,
      );
      return reply.code(answer.status).send(answer.body);
    },
  );
};
