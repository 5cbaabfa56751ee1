import { AgentPath, agentOfAccountSchema, errorBodySchema, putAgentBodySchema } from '@fund/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerCallActor } from '../../audit/audit-log.ts';
import { UnauthorizedError } from '../../errors/app-error.ts';
import { AgentsService } from './agents.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

function customerOf(request: FastifyRequest) {
  // requireCustomer() has run: only a verified customer token reaches a handler
  if (request.customer === null) throw new UnauthorizedError();
  return request.customer;
}

/**
 * 代理人 of the account (spec §2 /mypage/changeAgent; decision 020), on the account-manager service. Reading
 * needs a customer token; changing needs `user.write` (so an operator acting for the customer cannot) and
 * the current password. An ADULT account has no 代理人: 400-666 for both.
 */
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AgentsService({
    db: app.db.db,
    now: () => app.clock.now(),
    mailer: app.mailer,
    reauthenticate: (customerId, proof) => app.reauthenticateCustomer(customerId, proof),
  });

  app.get(
    AgentPath.agent,
    {
      onRequest: app.requireCustomer(),
      schema: {
        operationId: 'getAgent',
        summary:
          '代理人 of the account: 法定代理人 (CHILD, JUNIOR_NISA) or 代表者 (CORPORATION); 400-666 for an ADULT account',
        tags: ['accounts'],
        response: { 200: agentOfAccountSchema, ...errors },
      },
    },
    async (request) => service.agentOf(customerOf(request).customerId),
  );

  app.put(
    AgentPath.agent,
    {
      onRequest: app.requireCustomer(['user.write']),
      schema: {
        operationId: 'changeAgent',
        summary:
          'Changes the 代理人 after the current password (a wrong one counts toward the sign-in lock: 400 at currentPassword, locked: 403); audited, posted as a notice and mailed to the account address',
        tags: ['accounts'],
        body: putAgentBodySchema,
        response: { 200: agentOfAccountSchema, ...errors },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      return service.changeAgent(
        {
          customerId: customer.customerId,
          actor: customerCallActor(customer),
          requestId: request.id,
          ip: request.ip,
        },
        request.body,
      );
    },
  );
};
