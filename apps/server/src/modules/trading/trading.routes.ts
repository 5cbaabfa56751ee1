import {
  buyOrderRequestSchema,
  errorBodySchema,
  idempotencyKeyHeader,
  orderEstimateRequestSchema,
  orderEstimateSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  ordersQuerySchema,
  ordersResponseSchema,
  sellOrderRequestSchema,
  TradingPath,
} from '@fund/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf, requestHashOf } from '../../idempotency/idempotency.ts';
import { TradingService, type CallContext } from './trading.service.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...readErrors, 409: errorBodySchema, 422: errorBodySchema };
const idempotencyHeaders = z.looseObject({
  [idempotencyKeyHeader]: z.string().optional().meta({
    description: 'Required: 1-100 visible ASCII characters; same key + same body replays the answer',
  }),
});

/**
 * Orders API (issue 5) for the signed-in customer. Writes need `user.write` and an Idempotency-Key;
 * money and units are decimal strings in answers (see packages/contracts/src/trading.ts).
 */
export const tradingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TradingService(app.db.db);
  const read = app.requireCustomer();
  const write = app.requireCustomer(['user.write']);

  function contextOf(request: FastifyRequest): CallContext {
    const key = idempotencyKeyOf(request);
    return {
      customerId: customerIdOf(request),
      now: app.clock.now(),
      idempotencyKey: key,
      requestHash: requestHashOf(request.method, request.url.split('?')[0] ?? '', request.body),
      requestId: request.id,
      ip: request.ip,
    };
  }

  app.post(
    TradingPath.estimate,
    {
      onRequest: read,
      schema: {
        operationId: 'estimateOrder',
        summary:
          'Estimate of a buy or sell from the latest price (blind pricing), with its dates and NISA effect',
        tags: ['orders'],
        body: orderEstimateRequestSchema,
        response: { 200: orderEstimateSchema, ...writeErrors },
      },
    },
    async (request) => service.estimate(customerIdOf(request), app.clock.now(), request.body),
  );

  app.post(
    TradingPath.buy,
    {
      onRequest: write,
      schema: {
        operationId: 'placeBuyOrder',
        summary: 'Places a spot buy paid from the cash balance (Idempotency-Key required)',
        tags: ['orders'],
        headers: idempotencyHeaders,
        body: buyOrderRequestSchema,
        response: { 200: orderResponseSchema, 201: orderResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const answer = await service.buy(contextOf(request), request.body);
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.post(
    TradingPath.sell,
    {
      onRequest: write,
      schema: {
        operationId: 'placeSellOrder',
        summary: 'Places a sell; the units are reserved at once (Idempotency-Key required)',
        tags: ['orders'],
        headers: idempotencyHeaders,
        body: sellOrderRequestSchema,
        response: { 200: orderResponseSchema, 201: orderResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const answer = await service.sell(contextOf(request), request.body);
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.get(
    TradingPath.orders,
    {
      onRequest: read,
      schema: {
        operationId: 'listOrders',
        summary: 'The customer’s orders, newest first, 20 per page',
        tags: ['orders'],
        querystring: ordersQuerySchema,
        response: { 200: ordersResponseSchema, ...readErrors },
      },
    },
    async (request) => service.list(customerIdOf(request), app.clock.now(), request.query),
  );

  app.get(
    TradingPath.order,
    {
      onRequest: read,
      schema: {
        operationId: 'getOrder',
        summary: 'One of the customer’s orders (another customer’s: 404)',
        tags: ['orders'],
        params: orderIdParamsSchema,
        response: { 200: orderResponseSchema, ...readErrors },
      },
    },
    async (request) => service.detail(customerIdOf(request), app.clock.now(), request.params.orderId),
  );

  app.post(
    TradingPath.cancel,
    {
      onRequest: write,
      schema: {
        operationId: 'cancelOrder',
        summary: 'Cancels an ORDERED order before the cut-off of its 申込日 (Idempotency-Key required)',
        tags: ['orders'],
        headers: idempotencyHeaders,
        params: orderIdParamsSchema,
        response: { 200: orderResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const answer = await service.cancel(contextOf(request), request.params.orderId);
      return reply.code(answer.status).send(answer.body);
    },
  );
};
