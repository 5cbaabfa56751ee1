import { SaisonConnectPath, saisonConnectPointSchema, errorBodySchema } from '@fund/contracts';
import { jstDateOf, pointRefusalOf } from '@fund/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CardServiceUnavailableError, pointRefusalError } from '../../errors/card-errors.ts';
import { cardIssuerClientFor } from './card-issuer-client.ts';
import { findLinkedCard, pointBalanceOf } from './payment-accounts.repository.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

/**
 * The card issuer's connected service (spec §7): the point balance, read from the points ledger, once the
 * issuer's service is up (400-503) and the linked card allows points (400-100/101/102/103, decision 018).
 */
export const pointRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireCustomer();
  const issuer = cardIssuerClientFor(app);

  app.get(
    SaisonConnectPath.point,
    {
      onRequest,
      schema: {
        operationId: 'getCardPointBalance',
        summary:
          'Point balance of the card issuer’s service; 400-100 no card, 400-101/103 re-register, 400-102 not a points card, 400-503 maintenance',
        tags: ['cashflows'],
        response: {
          200: saisonConnectPointSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      const customerId = customerIdOf(request);
      if (await issuer.underMaintenance()) throw new CardServiceUnavailableError();
      const today = jstDateOf(app.clock.now());
      const refusal = pointRefusalOf(await findLinkedCard(app.db.db, customerId), today);
      if (refusal !== undefined) throw pointRefusalError(refusal);
      const balance = await pointBalanceOf(app.db.db, customerId);
      return { point: { balance: balance.toString(), asOf: today } };
    },
  );
};
