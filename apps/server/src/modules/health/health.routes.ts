import { ApiPath, errorBodySchema, healthSchema } from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ApiPath.health,
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Liveness and readiness: the server runs and its database answers',
        tags: ['operations'],
        response: { 200: healthSchema, 503: errorBodySchema },
      },
      // a probe gets its 503 at once while the server starts, instead of waiting (db.plugin.ts)
      config: { answersBeforeDatabaseReady: true },
    },
    async () => checkHealth(app.db, app.isDatabaseReady()),
  );
};
