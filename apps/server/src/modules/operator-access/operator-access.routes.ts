import {
  errorBodySchema,
  OperatorAccessPath,
  operatorAccessesQuerySchema,
  operatorAccessesSchema,
  type OperatorAccesses,
} from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areasOfPaths } from './operator-access-areas.ts';
import { pageOperatorVisits } from './operator-access.repository.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * Who the customer is told viewed their account (decision 025): the role, not the operator. An operator's
 * login id or name would help someone who calls the customer pretending to be "operator02", and names a
 * colleague to a customer who has no use for it; support finds the operator from the date and time.
 */
export const operatorAccessActor = 'コールセンター担当者';

/**
 * 担当者による閲覧の記録: the customer's own operator visits, newest first, paged. A customer's token with
 * the act-as header is refused by the guard (security.md 21) like on every customer route; an operator
 * acting for the customer may read it too (decision 009: read routes admit act-as), and that read is
 * itself a visit.
 */
export const operatorAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    OperatorAccessPath.list,
    {
      onRequest: app.requireCustomer(),
      schema: {
        operationId: 'listOperatorAccesses',
        summary: 'When operators viewed the customer’s account (act-as), by operator and day, newest first',
        tags: ['operator-access'],
        querystring: operatorAccessesQuerySchema,
        response: { 200: operatorAccessesSchema, ...errors },
      },
    },
    async (request): Promise<OperatorAccesses> => {
      const { page, pageSize } = request.query;
      const { rows, total } = await pageOperatorVisits(app.db.db, customerIdOf(request), { page, pageSize });
      return {
        accesses: rows.map((row) => ({
          date: row.day,
          firstAt: row.firstAt.toISOString(),
          lastAt: row.lastAt.toISOString(),
          actor: operatorAccessActor,
          areas: areasOfPaths(row.paths),
        })),
        paging: { page, pageSize, total },
      };
    },
  );
};
