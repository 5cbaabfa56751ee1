import {
  IdentityAccountPath,
  IdentityScope,
  loginAttemptsSchema,
  sessionRevokeBodySchema,
  userSessionsSchema,
} from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../../errors/app-error.ts';
import { customerOf, signedInErrors, tags } from './credentials-api.ts';
import { listAccountSessions, revokeAccountSession } from './sessions.repository.ts';
import { recentSignInEvents } from './credentials.repository.ts';

/** How many sign-in attempts `GET user/login_attempts` lists (newest first). */
export const loginAttemptsListed = 50;

/** The signed-in customer's sign-in history and sessions, and ending one of them. */
export const accountSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: app.requireCustomer([]) };

  app.get(
    IdentityAccountPath.userLoginAttempts,
    {
      ...read,
      schema: {
        operationId: 'listSignInAttempts',
        summary: `The customer's sign-in history (newest first, at most ${loginAttemptsListed})`,
        tags,
        response: { 200: loginAttemptsSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const rows = await recentSignInEvents(app.db.db, customer.customerId, loginAttemptsListed);
      return {
        attempts: rows.map((row) => ({
          occurredAt: row.occurredAt.toISOString(),
          outcome: row.outcome,
          ip: row.ip,
          userAgent: row.userAgent,
        })),
      };
    },
  );

  app.get(
    IdentityAccountPath.userSessions,
    {
      ...read,
      schema: {
        operationId: 'listSessions',
        summary: "The customer's signed-in apps (the provider's grants): client, created, last token issued",
        tags,
        response: { 200: userSessionsSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const sessions = await listAccountSessions(app.db.db, customer.customerId, app.realClock.now());
      return {
        sessions: sessions.map((session) => ({
          id: session.id,
          clientId: session.clientId,
          createdAt: session.createdAt?.toISOString() ?? null,
          lastUsedAt: session.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    IdentityAccountPath.sessionsRevoke,
    {
      onRequest: app.requireCustomer([IdentityScope.userWrite]),
      schema: {
        operationId: 'revokeSession',
        summary:
          'Ends one session of the caller: its grant and every refresh token under it (404 if not theirs)',
        tags,
        body: sessionRevokeBodySchema,
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      if (!(await revokeAccountSession(app.db.db, customer.customerId, request.body.sessionId))) {
        throw new NotFoundError('セッションが見つかりません。');
      }
      return reply.code(204).send(null);
    },
  );
};
