import {
  errorBodySchema,
  informationBadgeSchema,
  RootLoadingPath,
  type InformationBadge,
} from '@fund/contracts';
import type { InformationCategory } from '@fund/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthorizedError } from '../../errors/app-error.ts';
import { countUnreadByCategory } from './informations.repository.ts';

/**
 * Unread-notice badges of the product API (spec §7): `/v1/badges/information` counts the important
 * notices, `/v1/badges/informationOthers` the others. A notice counts once it is published (by the app's
 * clock), addressed to everyone or to this customer, and not yet read by this customer.
 */
export const badgesRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireCustomer();

  async function badge(request: FastifyRequest, category: InformationCategory): Promise<InformationBadge> {
    if (request.customer === null) throw new UnauthorizedError();
    const unread = await countUnreadByCategory(app.db.db, request.customer.customerId, app.clock.now());
    return { data: { informations: { unreadAll: unread[category] } } };
  }

  const routes = [
    [
      RootLoadingPath.informationBadge,
      'important',
      'getImportantNoticeBadge',
      'Unread important notices of the customer',
    ],
    [
      RootLoadingPath.informationOthersBadge,
      'others',
      'getOtherNoticeBadge',
      'Unread other notices of the customer',
    ],
  ] as const;
  for (const [path, category, operationId, summary] of routes) {
    app.get(
      path,
      {
        onRequest,
        schema: {
          operationId,
          summary,
          tags: ['informations'],
          response: { 200: informationBadgeSchema, 401: errorBodySchema, 403: errorBodySchema },
        },
      },
      async (request) => badge(request, category),
    );
  }
};
