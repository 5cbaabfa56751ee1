import {
  assetHistoryQuerySchema,
  assetHistorySchema,
  assetsQuerySchema,
  assetsSchema,
  AssetsPath,
  distributionCourseChangeSchema,
  errorBodySchema,
  FundLifePath,
  holdingDistributionsListSchema,
  holdingDistributionsSchema,
  totalReturnsSchema,
} from '@fund/contracts';
import { isoDate } from '@fund/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerCallActor } from '../../audit/audit-log.ts';
import { UnauthorizedError } from '../../errors/app-error.ts';
import { AssetsService } from './assets.service.ts';
import { FundLifeService } from './fund-life.service.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const optionalDate = (value: string | undefined) => (value === undefined ? undefined : isoDate(value));

/**
 * 資産 (spec §9): valuation at the 解約価額 of a reference date, and its history for charts; a fund's life
 * (domain.md §9): each holding's distribution course, and トータルリターン.
 */
export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AssetsService(app.db.db, () => app.clock.now());
  const fundLife = new FundLifeService(app.db.db, service);
  const onRequest = app.requireCustomer();
  const write = app.requireCustomer(['user.write']);

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

  app.get(
    FundLifePath.distributionCourses,
    {
      onRequest,
      schema: {
        operationId: 'listHoldingDistributions',
        summary: 'Each holding’s distribution course (受取 / 再投資) and the distributions it has paid',
        tags: ['assets'],
        response: { 200: holdingDistributionsListSchema, ...errors },
      },
    },
    async (request) => fundLife.holdingDistributions(customerIdOf(request)),
  );

  app.put(
    FundLifePath.distributionCourses,
    {
      onRequest: write,
      schema: {
        operationId: 'changeDistributionCourse',
        summary:
          'Changes a holding’s distribution course for the 決算 paid from now on (400-217: no 再投資 offered)',
        tags: ['assets'],
        body: distributionCourseChangeSchema,
        response: { 200: holdingDistributionsSchema, ...errors },
      },
    },
    async (request) => {
      if (request.customer === null) throw new UnauthorizedError();
      return fundLife.changeCourse(request.customer.customerId, request.body, {
        actor: customerCallActor(request.customer),
        requestId: request.id,
        ip: request.ip,
        at: app.clock.now(),
      });
    },
  );

  app.get(
    FundLifePath.totalReturns,
    {
      onRequest,
      schema: {
        operationId: 'getTotalReturns',
        summary: 'トータルリターン per fund ever held and in total (評価金額 + 売付 + 分配金 − 買付)',
        tags: ['assets'],
        response: { 200: totalReturnsSchema, ...errors },
      },
    },
    async (request) => fundLife.totalReturns(customerIdOf(request)),
  );
};
