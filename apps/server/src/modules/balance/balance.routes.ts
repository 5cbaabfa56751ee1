import { balanceServicePrefix, errorBodySchema, RootLoadingPath, tradesReportSchema } from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthorizedError } from '../../errors/app-error.ts';

/**
 * The balance service (spec §7), mounted under `/balance`: `trades_report` gives the page of the
 * customer's electronic trade reports (電子交付書面) as `data.frame_url`, a link with a signed ticket
 * valid for 10 minutes, so it also opens outside the app without the app's token.
 */
export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${balanceServicePrefix}${RootLoadingPath.tradesReport}`,
    {
      onRequest: app.requireCustomer(),
      schema: {
        operationId: 'getTradeReportsPage',
        summary: 'Page of the customer’s electronic trade reports (signed link, valid for 10 minutes)',
        tags: ['balance'],
        response: { 200: tradesReportSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      if (request.customer === null) throw new UnauthorizedError();
      return {
        data: {
          frame_url: app.partnerLinks.tradeReportUrl(request.customer.customerId, app.realClock.now()),
        },
      };
    },
  );
};
