import { ApiPath, errorBodySchema, maintenanceStatusSchema } from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MaintenanceError } from '../../errors/app-error.ts';
import { isUnderMaintenance } from './maintenance.service.ts';

/**
 * `GET /maintenance/status` (spec §7), called without a token before sign-in and token refresh: 503 with
 * code 503-000 means maintenance in effect and the web app shows its maintenance screen (spec §4, §8).
 */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ApiPath.maintenanceStatus,
    {
      schema: {
        operationId: 'getMaintenanceStatus',
        summary: 'Whether the service is in maintenance (regular JST windows or the manual switch)',
        tags: ['maintenance'],
        response: {
          200: maintenanceStatusSchema,
          503: errorBodySchema,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (isUnderMaintenance(app.clock.now(), app.config)) throw new MaintenanceError();
      return { status: 'ok' as const };
    },
  );
};
