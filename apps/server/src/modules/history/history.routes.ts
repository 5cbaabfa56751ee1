import {
  cashflowsQuerySchema,
  cashflowsSchema,
  errorBodySchema,
  HistoryPath,
  nisaStatusByYearSchema,
  nisaStatusQuerySchema,
  tradesQuerySchema,
  tradesSchema,
} from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HistoryService } from './history.service.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** 入出金履歴 (/v1/cashflows), 取引履歴 (/v1/trades) and NISA 利用状況 (/v6/nisaStatusByYear). */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new HistoryService(app.db.db, () => app.clock.now());
  const onRequest = app.requireCustomer();

  app.get(
    HistoryPath.cashflows,
    {
      onRequest,
      schema: {
        operationId: 'listCashflows',
        summary: 'Deposits and withdrawals, newest first, paged',
        tags: ['history'],
        querystring: cashflowsQuerySchema,
        response: { 200: cashflowsSchema, ...errors },
      },
    },
    async (request) => service.cashflows(customerIdOf(request), request.query),
  );

  app.get(
    HistoryPath.trades,
    {
      onRequest,
      schema: {
        operationId: 'listTrades',
        summary: 'Settled trades filtered by TradeType and 受渡日, newest first, paged',
        tags: ['history'],
        querystring: tradesQuerySchema,
        response: { 200: tradesSchema, ...errors },
      },
    },
    async (request) => service.trades(customerIdOf(request), request.query),
  );

  app.get(
    HistoryPath.nisaStatusByYear,
    {
      onRequest,
      schema: {
        operationId: 'getNisaStatusByYear',
        summary: 'NISA use of a year per 枠 and for life; 400-666 without a NISA account',
        tags: ['history'],
        querystring: nisaStatusQuerySchema,
        response: { 200: nisaStatusByYearSchema, ...errors },
      },
    },
    async (request) => service.nisaStatusByYear(customerIdOf(request), request.query.year),
  );
};
