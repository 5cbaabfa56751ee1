import {
  assetHistoryQuerySchema,
  assetHistorySchema,
  assetsQuerySchema,
  assetsSchema,
  AssetsPath,
  errorBodySchema,
} from '@fund/contracts';
import { isoDate } from '@fund/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssetsService } from './assets.service.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const optionalDate = (value: string | undefined) => (value === undefined ? undefined : isoDate(value));

/** 資産 (spec §9): valuation at the 解約価額 of a reference date, and its history for charts. */
export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AssetsService(app.db.db, () => app.clock.now());
  const onRequest = app.requireCustomer();

  app.get(
    AssetsPath.assets,
    {
      onRequest,
      schema: {
        operationId: 'getAssets',
        summary: 'Holdings valued at the 解約価額 of the reference date (default today JST), subtotals, cash',
        tags: ['assets'],
        querystring: assetsQuerySchema,
        response: { 200: assetsSchema, ...errors },
      },
    },
    async (request) => service.assets(customerIdOf(request), optionalDate(request.query.date)),
  );

  app.get(
    AssetsPath.history,
    {
      onRequest,
      schema: {
        operationId: 'getAssetHistory',
        summary: 'Value and book value per day or month end, for charts',
        tags: ['assets'],
        querystring: assetHistoryQuerySchema,
        response: { 200: assetHistorySchema, ...errors },
      },
    },
    async (request) =>
      service.history(customerIdOf(request), {
        from: optionalDate(request.query.from),
        to: optionalDate(request.query.to),
        interval: request.query.interval,
      }),
  );
};
